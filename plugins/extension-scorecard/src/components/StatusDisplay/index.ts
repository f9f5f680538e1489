export { StatusChip, statusChipColors } from './StatusChip';
export { LevelChip, levelChipColors } from './LevelChip';
export {
  statusColor,
  levelColor,
  statusTone,
  levelTone,
  toneColor,
  toneSurface,
  toneText,
  toneStrength,
  STATUS_LABELS,
} from './statusColors';
export type { Tone } from './statusColors';
