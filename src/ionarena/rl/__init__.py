"""Reinforcement-learning environments for the four games: PettingZoo AEC and Parallel envs and a
Gymnasium single-seat env (docs/rl.md).

    >>> from ionarena import rl
    >>> env = rl.env("dots", players=2)                  # PettingZoo AEC
    >>> par = rl.parallel_env("compound", players=4)     # PettingZoo Parallel (simultaneous picks)
    >>> gym_env = rl.single_seat("dots", opponents="random", players=2)   # Gymnasium

Observations are `{"observation": float32 vector, "action_mask": int8 vector}` built from the
seat's own view (`state.view(seat)`) and the events that seat was shown, never from hidden state;
each game has a documented encoding (`ionarena.rl.<game>`) and a fixed action index (every action
text the game can produce for a configuration, in a fixed order: `action_index(...)`).

Needs the optional `rl` extra (`pip install 'ionarena[rl]'`: numpy, gymnasium, pettingzoo).
"""

from __future__ import annotations

import importlib.util

_NEEDED = ("numpy", "gymnasium", "pettingzoo")
_missing = [name for name in _NEEDED if importlib.util.find_spec(name) is None]
if _missing:
    raise ImportError(f"ionarena.rl needs the rl extra: pip install 'ionarena[rl]' "
                      f"(missing: {', '.join(_missing)})")

from .actions import ActionIndex, IllegalActionId, action_index  # noqa: E402
from .aec import IonAECEnv, env  # noqa: E402
from .config import GameConfig  # noqa: E402
from .encoding import Encoder, Layout, encoder_for  # noqa: E402
from .parallel import IonParallelEnv, parallel_env  # noqa: E402
from .single_seat import SingleSeatEnv, single_seat  # noqa: E402

__all__ = ["ActionIndex", "Encoder", "GameConfig", "IllegalActionId", "IonAECEnv", "IonParallelEnv", "Layout",
           "SingleSeatEnv", "action_index", "encoder_for", "env", "parallel_env", "single_seat"]
