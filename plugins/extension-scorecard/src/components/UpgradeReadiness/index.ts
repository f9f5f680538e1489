export { UpgradeReadinessPanel } from './UpgradeReadinessPanel';
