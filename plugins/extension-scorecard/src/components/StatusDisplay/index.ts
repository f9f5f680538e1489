export { StatusChip } from './StatusChip';
export { LevelChip } from './LevelChip';
export { statusColor, levelColor, STATUS_LABELS } from './statusColors';
