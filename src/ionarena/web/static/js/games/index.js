// One module per game draws its table: games/<game>.js exports Board({state, act, projector})
// and seatStatus(state, seat). Games without a module get the generic board.
const MODULES = {
  dots: () => import('./dots.js'),
  compound: () => import('./compound.js'),
  valence: () => import('./valence.js'),
  bank: () => import('./bank.js'),
};

export async function loadGame(game) {
  const load = MODULES[game];
  if (!load) return import('./generic.js');
  try {
    return await load();
  } catch (err) {
    console.error(`cannot load the ${game} board`, err);
    return import('./generic.js');
  }
}
