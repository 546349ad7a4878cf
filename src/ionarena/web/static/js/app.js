// The page's entry point: <main id="app" data-page=… data-table=… data-game=…> picks what to show.
import { html, render } from './common.js';

const root = document.getElementById('app');
const { page, table, game } = root.dataset;

/** "Skip to your hand" (the first thing a Tab reaches on a table page, before the site's links and
 * the table's menu): focus the hand, or the table while there is none. */
function skipToHand() {
  const link = document.querySelector('.skip-link');
  if (!link) return;
  link.addEventListener('click', (event) => {
    event.preventDefault();
    const target = document.querySelector('.my-hand .hand') || document.querySelector('.table-page');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  });
}

async function main() {
  let view;
  if (page === 'lobby') {
    const { LobbyPage } = await import('./lobby.js');
    view = html`<${LobbyPage}/>`;
  } else if (page === 'table') {
    const { TablePage } = await import('./table.js');
    view = html`<${TablePage} tableId=${table} game=${game}/>`;
  } else if (page === 'projector') {
    const { ProjectorPage } = await import('./table.js');
    view = html`<${ProjectorPage} tableId=${table} game=${game}/>`;
  } else if (page === 'replay') {
    const { ReplayPage } = await import('./replay.js');
    view = html`<${ReplayPage} tableId=${table || null} game=${game || null}/>`;
  } else {
    view = html`<p>Unknown page.</p>`;
  }
  root.textContent = '';
  render(view, root);
  skipToHand();
}

main().catch((err) => {
  root.textContent = `This page could not start: ${err}`;
  console.error(err);
});
