export {
  extensionScorecardApiRef,
  extensionScorecardApiFactory,
} from './extensionScorecardApi';
