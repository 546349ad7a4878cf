// The page's entry point: <main id="app" data-page=… data-table=… data-game=…> picks what to show.
import { html, render } from './common.js';

const root = document.getElementById('app');
const { page, table, game } = root.dataset;

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
}

main().catch((err) => {
  root.textContent = `This page could not start: ${err}`;
  console.error(err);
});
