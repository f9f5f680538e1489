export { EntityExtensionScorecardContent } from './EntityExtensionScorecardContent';
export { ComponentScorecard } from './ComponentScorecard';
export { isExtensionComponent } from './isExtensionComponent';
