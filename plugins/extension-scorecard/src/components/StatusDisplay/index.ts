export { StatusChip } from './StatusChip';
export { LevelChip } from './LevelChip';
export {
  statusColor,
  levelColor,
  statusTone,
  levelTone,
  toneColor,
  toneSurface,
  toneStrength,
  STATUS_LABELS,
} from './statusColors';
export type { Tone } from './statusColors';
