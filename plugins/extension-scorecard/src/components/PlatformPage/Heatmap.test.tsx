import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { heatmap } from '../../__testUtils__/fixtures';
import { Heatmap, moveInGrid } from './Heatmap';
import { cellColors, cellLabel, cellStatus, cellText } from './heatmapCells';

function renderHeatmap(onSelect = jest.fn()) {
  render(<Heatmap heatmap={heatmap()} onSelect={onSelect} />);
  return onSelect;
}

const cell = (kind: string, dimension: string) =>
  screen.getByTestId(`heatmap-cell-${kind}-${dimension}`);

describe('Heatmap', () => {
  it('is one grid with labelled headers and one compact count per cell', () => {
    renderHeatmap();
    const grid = screen.getByRole('grid', {
      name: 'Kind by dimension heat map',
    });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map(h => h.textContent),
    ).toEqual(['Kind', 'Ownership', 'Certificates']);
    expect(within(grid).getAllByRole('rowheader')[0]).toHaveTextContent(
      'Admission webhook4 components',
    );
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(4);
    // worst status first: 2 of the 4 webhooks fail their certificates
    expect(cell('admission-webhook', 'certificates')).toHaveTextContent(
      /^2 fail$/,
    );
    expect(cell('csi', 'ownership')).toHaveTextContent(/^1 pass$/);
    expect(cell('csi', 'certificates')).toHaveTextContent(/^–$/);
  });

  it('names each cell by its visible text, then the full breakdown', () => {
    renderHeatmap();
    const counted = screen
      .getAllByRole('gridcell')
      .filter(gridcell => gridcell.textContent !== '–');
    expect(counted.length).toBeGreaterThan(0);
    for (const gridcell of counted) {
      const name = gridcell.getAttribute('aria-label') ?? '';
      expect(name.startsWith(gridcell.textContent ?? '')).toBe(true);
    }
    expect(
      screen.getByRole('gridcell', {
        name: '2 fail: Admission webhook, Certificates, 4 components: 2 fail (50%), 1 warn (25%), 1 pass (25%), 0 unknown (0%)',
      }),
    ).toBeInTheDocument();
  });

  it('explains the colours in a legend the grid refers to', () => {
    renderHeatmap();
    const legend = screen.getByRole('list', { name: 'Heat map legend' });
    expect(within(legend).getAllByRole('listitem')).toHaveLength(5);
    expect(legend).toHaveTextContent('N fail: components that fail');
    expect(legend).toHaveTextContent('N warn: warn (none fails)');
    expect(screen.getByRole('grid')).toHaveAttribute(
      'aria-describedby',
      legend.id,
    );
  });

  it('shows the full breakdown in a tooltip on focus', async () => {
    renderHeatmap();
    await userEvent.tab();
    expect(cell('admission-webhook', 'ownership')).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Admission webhook, Ownership: 4 components1 fail (25%)2 warn (50%)1 pass (25%)0 unknown (0%)',
    );
  });

  it('has one tab stop and moves focus with the arrow keys, Home and End', async () => {
    const onSelect = renderHeatmap();
    const tabStops = screen
      .getAllByRole('gridcell')
      .filter(c => c.getAttribute('tabindex') === '0');
    expect(tabStops).toEqual([cell('admission-webhook', 'ownership')]);

    await userEvent.tab();
    expect(cell('admission-webhook', 'ownership')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(cell('admission-webhook', 'certificates')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}'); // the edge: stays
    expect(cell('admission-webhook', 'certificates')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(cell('csi', 'certificates')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(cell('csi', 'ownership')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(cell('admission-webhook', 'ownership')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(cell('admission-webhook', 'certificates')).toHaveFocus();
    // the tab stop follows focus, so Tab leaves the grid
    expect(cell('admission-webhook', 'certificates')).toHaveAttribute(
      'tabindex',
      '0',
    );
    expect(cell('admission-webhook', 'ownership')).toHaveAttribute(
      'tabindex',
      '-1',
    );
    await userEvent.tab();
    expect(document.body).toHaveFocus();

    // Enter and Space choose the focused cell; an empty cell chooses nothing
    await userEvent.tab({ shift: true });
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(
      'admission-webhook',
      'certificates',
    );
    await userEvent.keyboard('{ArrowDown}{ArrowLeft} ');
    expect(onSelect).toHaveBeenLastCalledWith('csi', 'ownership');
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it('draws a focus ring on the focused cell', async () => {
    renderHeatmap();
    await userEvent.tab();
    expect(cell('admission-webhook', 'ownership').style.outline).toContain(
      '2px solid',
    );
    await userEvent.tab();
    expect(cell('admission-webhook', 'ownership').style.outline).toBe('');
  });

  it('starts the tab stop on the selected cell and marks it', () => {
    render(
      <Heatmap
        heatmap={heatmap()}
        selected={{ kind: 'csi', dimension: 'ownership' }}
        onSelect={jest.fn()}
      />,
    );
    expect(cell('csi', 'ownership')).toHaveAttribute('tabindex', '0');
    expect(cell('csi', 'ownership')).toHaveAttribute('aria-selected', 'true');
    expect(cell('admission-webhook', 'ownership')).toHaveAttribute(
      'aria-selected',
      'false',
    );
  });
});

describe('heat-map cells', () => {
  const base = {
    kind: 'csi' as const,
    dimension: 'rbac' as const,
    total: 4,
    fail: 0,
    warn: 0,
    pass: 0,
    unknown: 0,
    notApplicable: 0,
    failShare: 0,
    warnShare: 0,
    passShare: 0,
    unknownShare: 0,
  };

  it('draws any fail stronger than any warn-only cell', () => {
    const quarterFail = {
      ...base,
      fail: 1,
      pass: 3,
      failShare: 0.25,
      passShare: 0.75,
    };
    const allWarn = { ...base, warn: 4, warnShare: 1 };
    expect(cellStatus(quarterFail)).toBe('fail');
    expect(cellStatus(allWarn)).toBe('warn');
    // fail: the solid red fill; warn: the pale subdued one
    expect(cellColors('fail').background).toBe('var(--bui-negative-bg)');
    expect(cellColors('warn').background).toBe('var(--bui-warning-bg-subdued)');
    expect(cellText(quarterFail)).toBe('1 fail');
    expect(cellText(allWarn)).toBe('4 warn');
  });

  it('says unknown before pass, and counts not-applicable in the breakdown', () => {
    const cellWithUnknown = {
      ...base,
      unknown: 1,
      pass: 2,
      notApplicable: 1,
      unknownShare: 0.25,
      passShare: 0.5,
    };
    expect(cellText(cellWithUnknown)).toBe('1 unknown');
    expect(cellLabel(cellWithUnknown, cellWithUnknown)).toBe(
      '1 unknown: Storage driver (CSI), RBAC, 4 components: 0 fail (0%), 0 warn (0%), 2 pass (50%), 1 unknown (25%), 1 not applicable',
    );
    expect(cellLabel(undefined, base)).toBe(
      'no result: Storage driver (CSI), RBAC',
    );
  });

  it('says n/a, not "0 pass", when every result of the cell is not applicable', () => {
    const onlyNotApplicable = { ...base, total: 1, notApplicable: 1 };
    expect(cellStatus(onlyNotApplicable)).toBe('none');
    expect(cellText(onlyNotApplicable)).toBe('n/a');
    expect(cellLabel(onlyNotApplicable, onlyNotApplicable)).toBe(
      'n/a: Storage driver (CSI), RBAC, 1 component: not applicable',
    );
  });

  it('moves within the grid and stops at its edges', () => {
    const from = { row: 1, col: 1 };
    expect(moveInGrid('ArrowLeft', false, from, 3, 3)).toEqual({
      row: 1,
      col: 0,
    });
    expect(moveInGrid('End', true, from, 3, 3)).toEqual({ row: 2, col: 2 });
    expect(moveInGrid('Home', true, from, 3, 3)).toEqual({ row: 0, col: 0 });
    expect(moveInGrid('ArrowDown', false, { row: 2, col: 0 }, 3, 3)).toEqual({
      row: 2,
      col: 0,
    });
    expect(moveInGrid('a', false, from, 3, 3)).toBeUndefined();
  });
});
