"""Train a small policy on 2-player dots against the `random` bot, in plain numpy, and plot its win rate.

The policy is linear: masked softmax over the 637 action ids of `ionarena.rl.action_index("dots")`
with logits `observation @ W + b` (the 260-number dots observation, docs/rl.md). It learns by
REINFORCE: after each batch of games, every decision of a won game is made more likely, of a lost
game less likely (return +1 / -1, no discount, minus a running-mean baseline), with Adam. Every
`--eval-every` games (after every batch before that) it plays `--eval-games` fresh games (seats
drawn at random, actions sampled from the policy, the same seeds at every evaluation) and records
its win rate.

Run (needs the rl and analysis extras: `pip install -e '.[rl,analysis]'`):

    .venv/bin/python examples/dots_reinforce.py --episodes 3000 --plot docs/images/rl_dots_win_rate.png

Nothing here is specific to dots but the game id: any game's single-seat env trains the same way.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

import numpy as np

from ionarena import rl

EVAL_SEED = 10**9
"""Evaluation games use seeds from here on (training games use the env's own seed sequence)."""


@dataclass
class Policy:
    """A linear masked-softmax policy with its Adam state."""

    weights: np.ndarray
    bias: np.ndarray
    lr: float = 0.01
    moments: list[np.ndarray] = field(default_factory=list)
    steps: int = 0

    @classmethod
    def zeros(cls, inputs: int, actions: int, lr: float) -> Policy:
        """A policy that starts uniform over the legal actions (every logit 0)."""
        return cls(np.zeros((inputs, actions), np.float32), np.zeros(actions, np.float32), lr)

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The policy's distribution over action ids (0 for illegal ones)."""
        logits = observation @ self.weights + self.bias
        logits = np.where(mask.astype(bool), logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def update(self, observations: np.ndarray, scores: np.ndarray) -> None:
        """One Adam step up the policy gradient: `scores` holds, per decision, (one-hot of the action
        taken - probabilities) x advantage."""
        grads = [observations.T @ scores / len(scores), scores.mean(axis=0)]
        if not self.moments:
            self.moments = [np.zeros_like(p) for p in (self.weights, self.bias) for _ in range(2)]
        self.steps += 1
        b1, b2 = 0.9, 0.999
        for i, (param, grad) in enumerate(zip((self.weights, self.bias), grads, strict=True)):
            m, v = self.moments[2 * i], self.moments[2 * i + 1]
            m[:] = b1 * m + (1 - b1) * grad
            v[:] = b2 * v + (1 - b2) * grad * grad
            m_hat = m / (1 - b1 ** self.steps)
            v_hat = v / (1 - b2 ** self.steps)
            param += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def play(env: rl.SingleSeatEnv, policy: Policy, rng: np.random.Generator, seed: int | None = None,
         record: list[tuple[np.ndarray, int, np.ndarray]] | None = None) -> float:
    """One game of the policy's seat; returns its final reward (+1 won, -1 lost, 0 no winner)."""
    obs, _ = env.reset(seed=seed)
    while True:
        p = policy.probabilities(obs["observation"], obs["action_mask"])
        action = int(rng.choice(len(p), p=p))
        if record is not None:
            record.append((obs["observation"], action, p))
        obs, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return float(reward)


def win_rate(policy: Policy, games: int, seed: int = 0) -> float:
    """The policy's share of wins in `games` fresh games against `random` (the same games each call)."""
    env = rl.single_seat("dots", opponents="random", players=2, seat=None, illegal="raise")
    rng = np.random.default_rng(seed)
    env.reset(seed=EVAL_SEED)
    return sum(play(env, policy, rng, seed=EVAL_SEED + g) > 0 for g in range(games)) / games


def train(episodes: int, batch: int, lr: float, eval_every: int, eval_games: int, seed: int,
          quiet: bool = False) -> list[tuple[int, float]]:
    """Train for `episodes` games; return (games played, win rate) at every evaluation."""
    env = rl.single_seat("dots", opponents="random", players=2, seat=None, illegal="raise")
    rng = np.random.default_rng(seed)
    space = env.observation_space["observation"]
    policy = Policy.zeros(space.shape[0], env.action_space.n, lr)
    curve = [(0, win_rate(policy, eval_games))]
    if not quiet:
        print(f"games {0:6d}: win rate {curve[-1][1]:.3f}")
    env.reset(seed=seed)
    baseline = 0.0
    played = 0
    start = time.perf_counter()
    while played < episodes:
        observations, scores = [], []
        for _ in range(batch):
            record: list[tuple[np.ndarray, int, np.ndarray]] = []
            reward = play(env, policy, rng, record=record)
            played += 1
            advantage = reward - baseline
            baseline += 0.02 * (reward - baseline)
            for obs, action, p in record:
                score = -p * advantage
                score[action] += advantage
                observations.append(obs)
                scores.append(score)
        policy.update(np.asarray(observations), np.asarray(scores, np.float32))
        if played < eval_every or played % eval_every < batch:  # early on after every batch
            curve.append((played, win_rate(policy, eval_games)))
            if not quiet:
                elapsed = time.perf_counter() - start
                print(f"games {played:6d}: win rate {curve[-1][1]:.3f}   ({elapsed:.0f} s)")
    return curve


def plot(curve: list[tuple[int, float]], path: str, eval_games: int) -> None:
    """Save the win-rate curve as a PNG."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games, rates = zip(*curve, strict=True)
    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=120)
    ax.plot(games, rates, marker="o", markersize=3)
    ax.axhline(0.5, color="grey", linestyle=":", linewidth=1, label="random vs random")
    ax.set_xscale("symlog", linthresh=100)
    ax.set_xlim(0, max(games) * 1.05)
    ax.set_xlabel("training games against random (log scale past 100)")
    ax.set_ylabel(f"win rate ({eval_games} games)")
    ax.set_ylim(0.3, 1.0)
    ax.set_title("dots, 2 players: linear REINFORCE policy vs random")
    ax.legend(loc="lower right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: list[str] | None = None) -> list[tuple[int, float]]:
    """Parse arguments, train, print and plot."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000, help="training games")
    parser.add_argument("--batch", type=int, default=20, help="games per policy update")
    parser.add_argument("--lr", type=float, default=0.01, help="Adam's step size")
    parser.add_argument("--eval-every", type=int, default=200, help="games between evaluations")
    parser.add_argument("--eval-games", type=int, default=300, help="games per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", default="", help="save the win-rate curve to this PNG")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    curve = train(args.episodes, args.batch, args.lr, args.eval_every, args.eval_games, args.seed, args.quiet)
    if args.plot:
        plot(curve, args.plot, args.eval_games)
    return curve


if __name__ == "__main__":
    main()
