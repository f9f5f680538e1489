import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { heatmap, snapshot } from '../../__testUtils__/fixtures';
import {
  API,
  renderScorecard,
  setupScorecardServer,
} from '../../__testUtils__/renderScorecard';
import { SnapshotStatus } from './SnapshotStatus';

const server = setupScorecardServer();

describe('SnapshotStatus', () => {
  it('says how many of the snapshot’s components the reader may not see', async () => {
    const asked: Array<string | null> = [];
    server.use(
      http.get(`${API}/summaries/heatmap`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('snapshot'));
        return HttpResponse.json({ ...heatmap(), hiddenByVisibility: 1 });
      }),
    );
    const taken = snapshot();
    await renderScorecard(<SnapshotStatus snapshot={taken} clusters={[]} />);
    expect(await screen.findByTestId('hidden-by-visibility')).toHaveTextContent(
      /^1 more you may not see: the snapshot's counts and levels include a component hidden from you/,
    );
    expect(asked).toEqual([String(taken.id)]);
  });

  it('says nothing when the reader sees every component', async () => {
    let asked = 0;
    server.use(
      http.get(`${API}/summaries/heatmap`, () => {
        asked += 1;
        return HttpResponse.json(heatmap());
      }),
    );
    await renderScorecard(
      <SnapshotStatus snapshot={snapshot()} clusters={[]} />,
    );
    await waitFor(() => expect(asked).toBe(1));
    expect(
      screen.queryByTestId('hidden-by-visibility'),
    ).not.toBeInTheDocument();
  });
});
