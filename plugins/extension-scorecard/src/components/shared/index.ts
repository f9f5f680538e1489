export { SimpleTable, SimpleTableHead, Td, Th } from './SimpleTable';
export { HoverTip } from './HoverTip';
export { OutlineBadge } from './OutlineBadge';
export { Pagination } from './Pagination';
export { ListItem } from './ListItem';
export * from './icons';
export { FOCUS_RING, useFocusVisible } from './focusRing';
