export {
  EntityTeamScorecardCard,
  TeamScorecardCard,
} from './TeamScorecardCard';
export {
  EntityTeamScorecardContent,
  TeamScorecard,
} from './TeamScorecardContent';
