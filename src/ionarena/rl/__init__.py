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

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as err:
    raise ImportError(f"ionarena.rl needs the rl extra: pip install 'ionarena[rl]' ({err})") from err

from .actions import ActionIndex, IllegalActionId, action_index
from .aec import IonAECEnv, env
from .config import GameConfig
from .encoding import Encoder, Layout, encoder_for
from .parallel import IonParallelEnv, parallel_env
from .single_seat import GYM_ID, SingleSeatEnv, single_seat

__all__ = ["GYM_ID", "ActionIndex", "Encoder", "GameConfig", "IllegalActionId", "IonAECEnv", "IonParallelEnv",
           "Layout", "SingleSeatEnv", "action_index", "encoder_for", "env", "parallel_env", "single_seat"]
