/**
 * Layout measurements in the browser: does a table fit the box it sits in, and does
 * anything of the plugin stick out of the window where nothing scrolls it?
 */

/**
 * A table's width against the box that holds it: the nearest ancestor that clips or
 * scrolls sideways (the table's scroll container), or its parent.
 * `{ tableWidth, containerWidth, overflow }` in CSS pixels.
 */
export function tableFit(locator) {
  return locator.evaluate(table => {
    let container = table.parentElement;
    for (let e = table.parentElement; e; e = e.parentElement) {
      const { overflowX } = getComputedStyle(e);
      if (overflowX !== 'visible') {
        container = e;
        break;
      }
    }
    const caption =
      table.getAttribute('aria-label') ??
      table.querySelector('thead th')?.textContent?.trim();
    return {
      label: caption ? `the table "${caption}"` : undefined,
      tableWidth: table.scrollWidth,
      containerWidth: container.clientWidth,
      overflow: table.scrollWidth - container.clientWidth,
    };
  });
}

/**
 * Elements inside `regionSelector` whose right edge lies beyond the window and that
 * no scroll container holds (so the reader cannot reach them without scrolling the
 * whole page sideways), plus how far the document itself scrolls sideways. Elements
 * inside a container that scrolls or clips sideways are that container's business
 * (an audit table may scroll inside its card).
 */
export function outOfWindow(page, regionSelector) {
  return page.evaluate(selector => {
    const width = document.documentElement.clientWidth;
    const describe = e => {
      const id = e.getAttribute('data-testid') ?? e.getAttribute('aria-label');
      const text = (e.textContent ?? '').replace(/\s+/g, ' ').trim();
      return `${e.tagName.toLowerCase()}${id ? `[${id}]` : ''}${
        text ? ` "${text.slice(0, 40)}"` : ''
      }`;
    };
    const found = [];
    const visit = e => {
      const rect = e.getBoundingClientRect();
      if (rect.width > 0 && rect.right > width + 1) {
        // The outermost offender only: what it holds sticks out with it.
        found.push({ element: describe(e), right: Math.round(rect.right) });
        return;
      }
      const { overflowX } = getComputedStyle(e);
      if (overflowX !== 'visible' && e !== document.body) return;
      for (const child of e.children) visit(child);
    };
    for (const region of document.querySelectorAll(selector)) {
      for (const child of region.children) visit(child);
    }
    const root = document.scrollingElement ?? document.documentElement;
    return {
      windowWidth: width,
      documentOverflow: root.scrollWidth - root.clientWidth,
      elements: found.slice(0, 10),
      total: found.length,
    };
  }, regionSelector);
}

/**
 * Tables inside `regionSelector` that are wider than the container clipping them
 * (overflow hidden or clip, not scroll): their right part is cut off where no reader can
 * reach it. A table in a container that scrolls sideways is not listed.
 */
export function clippedTables(page, regionSelector) {
  return page.evaluate(selector => {
    const found = [];
    for (const table of document.querySelectorAll(`${selector} table`)) {
      for (let e = table.parentElement; e; e = e.parentElement) {
        const { overflowX } = getComputedStyle(e);
        if (overflowX === 'visible') continue;
        if (overflowX === 'hidden' || overflowX === 'clip') {
          const cut =
            Math.round(table.getBoundingClientRect().right) -
            Math.round(e.getBoundingClientRect().right);
          if (cut > 1) {
            const caption =
              table.getAttribute('aria-label') ??
              table.querySelector('thead th')?.textContent?.trim() ??
              'a table';
            found.push(`"${caption}" (${cut} px cut off)`);
          }
        }
        break;
      }
    }
    return found;
  }, regionSelector);
}
