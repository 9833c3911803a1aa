"""AlphaZero-style self-play on any two-player rule set, numpy only.

A tiny policy/value network (one hidden layer) guides a PUCT Monte-Carlo
tree search over ``mancala.State``; self-play games give training targets
(the search's visit counts for the policy, the game's result for the
value); the network learns from them, and each iteration ends with a
match against an engine player (``mancala.Bot``). Small by default, so
that it runs in seconds:

    python crates/mancala-py/examples/alphazero.py --iterations 3

Extra turns are handled as the rules say: the search backs each value up
to the player who moved, whoever moves next. With ``--rules kalah`` and
more iterations, games and simulations it keeps learning, slowly: this is
a sketch of the method, not a strong player.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass, field

import numpy as np

import mancala


class Network:
    """Observation -> (policy logits, value in [-1, 1]), one hidden layer."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator) -> None:
        self.w1 = rng.normal(0, 1 / math.sqrt(inputs), (inputs, hidden))
        self.b1 = np.zeros(hidden)
        self.wp = rng.normal(0, 1 / math.sqrt(hidden), (hidden, actions))
        self.bp = np.zeros(actions)
        self.wv = rng.normal(0, 1 / math.sqrt(hidden), (hidden, 1))
        self.bv = np.zeros(1)

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        h = np.tanh(x @ self.w1 + self.b1)
        return h, h @ self.wp + self.bp, np.tanh(h @ self.wv + self.bv)[:, 0]

    def predict(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, float]:
        """Move probabilities over the legal actions, and the value for
        the player to move."""
        _, logits, value = self.forward(obs[None, :])
        logits = np.where(mask, logits[0], -np.inf)
        p = np.exp(logits - logits.max())
        return p / p.sum(), float(value[0])

    def train(self, x: np.ndarray, pi: np.ndarray, z: np.ndarray, lr: float) -> float:
        """One full-batch gradient step on cross-entropy + squared error;
        returns the loss before the step."""
        h, logits, v = self.forward(x)
        logits = logits - logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        n = len(x)
        loss = float(-(pi * np.log(p + 1e-12)).sum() / n + ((v - z) ** 2).mean())
        d_logits = (p - pi) / n
        d_v = 2 * (v - z) / n * (1 - v**2)
        d_h = (d_logits @ self.wp.T + d_v[:, None] @ self.wv.T) * (1 - h**2)
        self.wp -= lr * h.T @ d_logits
        self.bp -= lr * d_logits.sum(axis=0)
        self.wv -= lr * h.T @ d_v[:, None]
        self.bv -= lr * d_v.sum()
        self.w1 -= lr * x.T @ d_h
        self.b1 -= lr * d_h.sum(axis=0)
        return loss


@dataclass
class Node:
    """A node of the search tree: statistics of the move that led here,
    for the player who made it."""

    prior: float
    visits: int = 0
    total: float = 0.0
    children: dict[int, Node] = field(default_factory=dict)

    def score(self, parent_visits: int, c_puct: float) -> float:
        q = self.total / self.visits if self.visits else 0.0
        return q + c_puct * self.prior * math.sqrt(parent_visits) / (1 + self.visits)


def observe(state: mancala.State, scale: float) -> tuple[np.ndarray, np.ndarray]:
    return state.observation_tensor() / scale, state.legal_actions_mask()


def search(
    root_state: mancala.State, net: Network, simulations: int, scale: float, rng: np.random.Generator
) -> np.ndarray:
    """PUCT search from ``root_state``: the visit counts of its actions."""
    root = Node(1.0)
    obs, mask = observe(root_state, scale)
    counts = np.zeros(len(mask))
    priors, _ = net.predict(obs, mask)
    # Dirichlet noise at the root, as AlphaZero explores in self-play.
    legal = np.flatnonzero(mask)
    noise = rng.dirichlet([0.3] * len(legal))
    for a, eta in zip(legal, noise, strict=True):
        root.children[int(a)] = Node(0.75 * priors[a] + 0.25 * eta)
    for _ in range(simulations):
        state, node = root_state.clone(), root
        path: list[tuple[Node, int]] = []  # (node, player who moved into it)
        while node.children and not state.is_terminal():
            parent_visits = max(node.visits, 1)
            action, child = max(node.children.items(), key=lambda kv: kv[1].score(parent_visits, 1.5))
            path.append((child, state.current_player()))
            state.apply_action(action)
            node = child
        if state.is_terminal():
            values = state.returns()
        else:
            obs, mask = observe(state, scale)
            priors, value = net.predict(obs, mask)
            for a in np.flatnonzero(mask):
                node.children[int(a)] = Node(float(priors[a]))
            mover = state.current_player()
            values = [value if p == mover else -value for p in range(2)]
        root.visits += 1
        for child, player in path:
            child.visits += 1
            child.total += values[player]
    for action, child in root.children.items():
        counts[action] = child.visits
    return counts


def self_play(
    game: mancala.Game, net: Network, simulations: int, rng: np.random.Generator
) -> list[tuple[np.ndarray, np.ndarray, float]]:
    """One game of the network against itself: per move, the observation,
    the search's visit distribution and the mover's return at the end."""
    state = game.new_initial_state()
    scale = float(state.observation_tensor().sum()) or 1.0
    records = []
    while not state.is_terminal():
        counts = search(state, net, simulations, scale, rng)
        pi = counts / counts.sum()
        records.append((state.observation_tensor() / scale, pi, state.current_player()))
        # Sample early on, then play the most visited action.
        if state.move_number() < 6:
            action = int(rng.choice(len(pi), p=pi))
        else:
            action = int(counts.argmax())
        state.apply_action(action)
    returns = state.returns()
    return [(obs, pi, returns[player]) for obs, pi, player in records]


def match(game: mancala.Game, net: Network, opponent: str, games: int, simulations: int, seed: int) -> float:
    """The network's score (win 1, draw 0.5) against ``opponent``, seats
    alternating; greedy on the visit counts."""
    rng = np.random.default_rng(seed)
    score = 0.0
    for g in range(games):
        bot = mancala.Bot(game, opponent, seed=seed + g)
        me = g % 2
        state = game.new_initial_state()
        scale = float(state.observation_tensor().sum()) or 1.0
        while not state.is_terminal():
            player = state.current_player()
            if player == me:
                action = int(search(state, net, simulations, scale, rng).argmax())
                bot.inform_action(state, player, action)
            else:
                action = bot.step(state)
            state.apply_action(action)
        score += (state.returns()[me] + 1) / 2
    return score / games


def main(argv: list[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="kalah,houses=4,seeds=3")
    parser.add_argument("--iterations", type=int, default=3)
    parser.add_argument("--games", type=int, default=8, help="self-play games per iteration")
    parser.add_argument("--simulations", type=int, default=24, help="searches per move")
    parser.add_argument("--opponent", default="random", help="the engine player of the matches")
    parser.add_argument("--match-games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    game = mancala.load_game(args.rules)
    if game.num_players() != 2:
        parser.error(f"{args.rules}: this example is for two players")
    rng = np.random.default_rng(args.seed)
    net = Network(game.observation_tensor_shape()[0], game.num_distinct_actions(), 32, rng)
    history = []
    for iteration in range(1, args.iterations + 1):
        data = [r for _ in range(args.games) for r in self_play(game, net, args.simulations, rng)]
        x = np.array([d[0] for d in data])
        pi = np.array([d[1] for d in data])
        z = np.array([d[2] for d in data], dtype=float)
        losses = [net.train(x, pi, z, lr=0.5) for _ in range(60)]
        score = match(game, net, args.opponent, args.match_games, args.simulations, args.seed + 1000 * iteration)
        stats = {"iteration": iteration, "positions": len(data), "loss_before": losses[0], "loss_after": losses[-1], "score": score}
        history.append(stats)
        print(
            f"iteration {iteration}: {len(data)} positions, loss {losses[0]:.3f} -> {losses[-1]:.3f}, "
            f"score {score:.2f} against {args.opponent}"
        )
    return history


if __name__ == "__main__":
    main()
