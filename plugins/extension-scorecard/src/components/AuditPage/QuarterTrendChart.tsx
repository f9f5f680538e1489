import { LevelCounts } from '@extension-scorecard/plugin-extension-scorecard-common';
import { LevelTrendChart } from '../shared/LevelTrendChart';

export interface QuarterPoint {
  quarter: string;
  complete: boolean;
  levels: LevelCounts;
  averageScore: number;
  components: number;
}

/** Level distribution per quarter (stacked bars) with the average score (line). */
export const QuarterTrendChart = (props: { points: QuarterPoint[] }) => (
  <LevelTrendChart
    title="Levels by quarter"
    height={260}
    maxBarSize={72}
    empty="No quarter has a snapshot yet."
    points={props.points.map(point => ({
      label: point.complete ? point.quarter : `${point.quarter} (so far)`,
      levels: point.levels,
      averageScore: point.averageScore,
    }))}
  />
);
