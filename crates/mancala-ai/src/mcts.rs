//! Monte-Carlo tree search (UCT) for any rule set and 2 to 4 players.

use std::time::Instant;

use mancala_core::{MAX_PLAYERS, Move, Position};
use rand::RngExt;
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::eval::{Evaluator, Heuristic};
use crate::limits::Limits;
use crate::strategy::Strategy;
use crate::value::SEED;

/// Rewards of one playout, indexed by *player*, each in `[0, 1]`.
type Rewards = [f64; MAX_PLAYERS];

/// No node.
const NONE: u32 = u32::MAX;

/// The result of an [`Mcts`] search.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsReport {
    /// The most visited move (`None` when the game is over).
    pub best: Option<Move>,
    /// Every legal move and how often the search tried it, in
    /// [`Position::legal_moves`] order.
    pub visits: Vec<(Move, u32)>,
    /// The mean reward of the best move for the player to move, from 0
    /// (certain last place) to 1 (certain sole win); with two players,
    /// about the chance of winning, a draw counting half. For a finished
    /// game, the mover's reward.
    pub value: f64,
    /// Iterations (playouts) run.
    pub iterations: u64,
}

/// One node of the tree: a position reached by `mv`, stored in an arena.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The move that leads here from the parent.
    mv: Move,
    /// The player who chose `mv`: the one this node's rewards are for.
    mover: u8,
    /// Children expanded so far: `first_child ..` in the order they were
    /// made.
    children: u8,
    /// Indices (in legal-move order) of the moves not yet expanded.
    untried: u32,
    /// The first slot of the block reserved for the children when the
    /// first of them was made, one slot a legal move (`NONE` before).
    first_child: u32,
    visits: u32,
    /// Sum of `mover`'s rewards over the playouts through this node.
    reward: f64,
}

impl Node {
    /// A slot not used yet.
    const EMPTY: Node = Node {
        mv: Move::Swap,
        mover: 0,
        children: 0,
        untried: 0,
        first_child: NONE,
        visits: 0,
        reward: 0.0,
    };
}

/// Monte-Carlo tree search with UCB1 selection (UCT), for any rule set and
/// 2 to 4 players.
///
/// Each iteration walks down the tree from the root choosing, at every
/// node, the child with the best UCB1 score *for the player who moves
/// there*; adds one new child (a random untried move); plays moves from
/// it to the end of the game (at most a playout cap, 500 moves by
/// default); and adds every player's reward to the nodes on the path, each
/// node keeping the reward of the player who chose its move. The tree is a
/// `Vec` arena of 24-byte nodes; children are created one at a time as
/// they are first tried, in a block of slots (one a legal move) reserved
/// when the first of them is, so that selection reads siblings side by
/// side; no position is stored: moves are replayed from the root.
/// The tree stops growing at about a million nodes (about 43 MB with the
/// reserved slots in 3-player Kalah; see [`Mcts::tree_nodes`]); later
/// iterations play out from its leaves. (The blocks replaced linked
/// siblings scattered through the arena: the same searches, move for
/// move, in 13% less time at a million iterations of 3-player Kalah,
/// 11.7 against 13.5 s of processor time.)
///
/// **Playouts** are random by default. [`Mcts::greedy_playouts`] makes a
/// share of their moves greedy (the most seeds into the mover's store at
/// once), which models players who take what is offered. Measured in
/// 3-player Kalah, 24,000 iterations of whole-game playouts ranked first
/// alone:
///
/// | playouts | vs two [`Random`](crate::Random) | vs two [`Greedy`](crate::Greedy) |
/// |---|---|---|
/// | random (the default) | 97.8% of 400 games | 90.8% of 400 |
/// | half greedy | 96.9% of 400 | 95.0% of 450 |
/// | 80% greedy | | 94.8% of 300 |
///
/// Half-greedy playouts take two to three times as long per iteration (219
/// against 87 ms a move at 24,000 iterations, on a busy host), and they
/// trade strength against random players for strength against greedy
/// ones, so they are not the default (a reward that counts second place
/// for less, 1/8 of a win, with them: 98.0% of 300 against two random).
///
/// **Rewards** are per player, in `[0, 1]`: place `r` of `n` is worth
/// `(n - r) / (n - 1)`, so a sole win is 1 and last place 0; players
/// sharing a place share the places they cover (two players drawing get
/// 1/2 each). By default a tenth of the reward is the score margin
/// (own score minus the best other, scaled by the seeds in play, mapped to
/// `[0, 1]`), which makes a bigger win better without ever outweighing a
/// better place (see [`Mcts::margin_weight`]).
///
/// **Playout cap.** Some rule sets can go round in circles (a bare
/// [`Position`] has no history to detect a repetition). A playout that
/// reaches the cap is scored by ranking the sides on the evaluator's value
/// of the position, ties shared, with the evaluator's value as the margin.
/// A short cap makes every playout an evaluated one: the levels with 3-4
/// players play 10 moves ([`LEVEL_PLAYOUT_MOVES`](crate::LEVEL_PLAYOUT_MOVES),
/// measured there).
///
/// **Extra turns and the pie rule.** Nothing assumes that turns
/// alternate: the player choosing at a node is
/// `pos.player_of(pos.to_move())`, and rewards, which a finished game gives
/// per *side*, are handed to players through `side_of` at the end of the
/// playout, so a swap is accounted for.
///
/// **Budget.** [`Limits::nodes`](Limits) is the number of iterations and
/// [`Limits::time`](Limits) a time budget (checked after every iteration);
/// with neither, [`Mcts::DEFAULT_ITERATIONS`]. The depth limit is not used.
/// The final move is the most visited one (ties: higher mean reward, then
/// the first in legal order). The tree is built afresh for every search.
///
/// A given seed gives the same sequence of searches, move for move, under
/// node limits; a time limit makes it depend on the machine.
///
/// # Examples
///
/// ```
/// use mancala_ai::{Limits, Mcts, Random, Strategy};
/// use mancala_core::{Game, KalahOptions, Rules};
///
/// // Three-player Kalah with 4 houses of 3 seeds.
/// let rules = Rules::new(&KalahOptions { players: 3, houses: 4, seeds: 3,
///                                        ..KalahOptions::default() }.rules())?;
/// let mut mcts = Mcts::new(Limits::nodes(200), 7).exploration(0.8);
/// let mut others = Random::new(1);
/// let mut game = Game::new(&rules);
/// while !game.is_over() {
///     let pos = *game.position();
///     let m = if pos.to_move() == 0 { mcts.choose(&pos) } else { others.choose(&pos) };
///     game.play(m.unwrap())?;
/// }
///
/// let report = Mcts::new(Limits::nodes(300), 7).search(game.position());
/// assert_eq!(report.best, None); // the game is over
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Mcts<E = Heuristic> {
    evaluator: E,
    limits: Limits,
    rng: SmallRng,
    exploration: f64,
    playout_cap: u32,
    greed: f64,
    margin_weight: f64,
    max_nodes: usize,
    /// The tree: the root, then blocks of siblings.
    nodes: Vec<Node>,
    /// Nodes made so far (the blocks' unused slots not counted).
    live: usize,
}

impl Mcts<Heuristic> {
    /// A search with the default evaluation (for capped playouts), seeded
    /// with `seed`.
    pub fn new(limits: Limits, seed: u64) -> Mcts<Heuristic> {
        Mcts::with_evaluator(Heuristic::default(), limits, seed)
    }
}

impl<E: Evaluator> Mcts<E> {
    /// Iterations when [`Limits`] sets neither nodes nor time.
    pub const DEFAULT_ITERATIONS: u64 = 10_000;

    /// The default exploration constant of UCB1.
    pub const DEFAULT_EXPLORATION: f64 = 1.0;

    /// The default playout cap, in moves.
    pub const DEFAULT_PLAYOUT_CAP: u32 = 500;

    /// The default share of greedy moves in playouts: none (see
    /// [`Mcts::greedy_playouts`]).
    pub const DEFAULT_GREED: f64 = 0.0;

    /// A search whose capped playouts are valued by `evaluator`, seeded
    /// with `seed`.
    pub fn with_evaluator(evaluator: E, limits: Limits, seed: u64) -> Mcts<E> {
        Mcts {
            evaluator,
            limits,
            rng: SmallRng::seed_from_u64(seed),
            exploration: Self::DEFAULT_EXPLORATION,
            playout_cap: Self::DEFAULT_PLAYOUT_CAP,
            greed: Self::DEFAULT_GREED,
            margin_weight: 0.1,
            max_nodes: 1 << 20,
            nodes: Vec::new(),
            live: 0,
        }
    }

    /// Sets the exploration constant `c` of UCB1: a child scores its mean
    /// reward plus `c * sqrt(ln(parent visits) / visits)`. Larger explores
    /// more; the default is [`Mcts::DEFAULT_EXPLORATION`].
    pub fn exploration(mut self, c: f64) -> Self {
        self.set_exploration(c);
        self
    }

    /// Changes the exploration constant (see [`Mcts::exploration`]).
    pub fn set_exploration(&mut self, c: f64) {
        self.exploration = c.max(0.0);
    }

    /// Sets the playout cap: the most moves a playout plays before
    /// the position is valued by the evaluator (at least 1).
    pub fn playout_cap(mut self, moves: u32) -> Self {
        self.playout_cap = moves.max(1);
        self
    }

    /// Sets the chance, from 0 to 1, that a playout move is the greedy one
    /// (the most seeds into the mover's store at once, an extra turn
    /// breaking ties, then the first in legal order) rather than a random
    /// legal move. 0, the default ([`Mcts::DEFAULT_GREED`]), gives plain
    /// random playouts.
    pub fn greedy_playouts(mut self, chance: f64) -> Self {
        self.greed = if chance.is_nan() {
            0.0
        } else {
            chance.clamp(0.0, 1.0)
        };
        self
    }

    /// Sets the share of the reward that is the score margin, from 0 (the
    /// place only) to 1/8 (the default is 1/10). Up to 1/8 a better place
    /// always outweighs a bigger margin, with up to 4 players.
    pub fn margin_weight(mut self, weight: f64) -> Self {
        self.margin_weight = weight.clamp(0.0, 0.125);
        self
    }

    /// Sets the most nodes the tree may hold (at least 2; the default is
    /// 2^20, 24 MB of nodes plus the unused slots of their blocks). A full
    /// tree stops growing and later iterations play out from its leaves.
    pub fn tree_nodes(mut self, nodes: usize) -> Self {
        self.max_nodes = nodes.max(2);
        self
    }

    /// The limits of each search.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Changes the limits of the following searches.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Searches `pos` within the limits and reports the most visited move.
    pub fn search(&mut self, pos: &Position<'_>) -> MctsReport {
        let start = Instant::now();
        let mover = pos.player_of(pos.to_move());
        let moves = pos.legal_moves();
        if pos.is_over() {
            return MctsReport {
                best: None,
                visits: Vec::new(),
                value: self.rewards(pos)[mover],
                iterations: 0,
            };
        }
        let iterations = match (self.limits.nodes, self.limits.time) {
            (Some(n), _) => n,
            (None, Some(_)) => u64::MAX,
            (None, None) => Self::DEFAULT_ITERATIONS,
        };
        let deadline = self.limits.time.map(|t| start + t);
        self.nodes.clear();
        self.nodes.push(Node {
            mover: mover as u8,
            untried: all(moves.len()),
            ..Node::EMPTY
        });
        self.live = 1;
        let mut path = Vec::with_capacity(64);
        let mut done = 0;
        while done < iterations {
            if deadline.is_some_and(|d| done > 0 && Instant::now() >= d) {
                break;
            }
            self.iterate(pos, &mut path);
            done += 1;
        }

        let mut visits = Vec::with_capacity(moves.len());
        let mut best: Option<(u32, f64, Move)> = None;
        for m in moves {
            let (n, mean) = self
                .child(0, m)
                .map(|c| {
                    let node = &self.nodes[c as usize];
                    (node.visits, node.reward / f64::from(node.visits.max(1)))
                })
                .unwrap_or((0, 0.0));
            visits.push((m, n));
            if best.is_none_or(|(bn, bmean, _)| n > bn || (n == bn && mean > bmean)) {
                best = Some((n, mean, m));
            }
        }
        let (_, value, best) = best.expect("a position that is not over has a move");
        MctsReport {
            best: Some(best),
            visits,
            value,
            iterations: done,
        }
    }

    /// The child of node `parent` reached by `m`, if it was expanded.
    fn child(&self, parent: u32, m: Move) -> Option<u32> {
        let p = &self.nodes[parent as usize];
        (p.first_child..p.first_child + u32::from(p.children))
            .find(|&c| self.nodes[c as usize].mv == m)
    }

    /// One iteration: selection, expansion, playout, backpropagation.
    fn iterate(&mut self, root: &Position<'_>, path: &mut Vec<u32>) {
        let mut pos = *root;
        let mut node = 0u32;
        path.clear();
        path.push(0);
        while !pos.is_over() {
            let n = self.nodes[node as usize];
            if n.untried != 0 && self.live < self.max_nodes {
                // Expansion: a random untried move.
                let k = self.rng.random_range(0..n.untried.count_ones());
                let index = nth_bit(n.untried, k);
                let m = pos.legal_moves().get(index as usize).expect("legal index");
                let mover = pos.player_of(pos.to_move());
                pos.play_unchecked(m);
                let first = if n.first_child == NONE {
                    // Siblings side by side: selection reads them at once.
                    let first = self.nodes.len();
                    let moves = (n.untried.count_ones() + u32::from(n.children)) as usize;
                    self.nodes.resize(first + moves, Node::EMPTY);
                    first as u32
                } else {
                    n.first_child
                };
                let id = first + u32::from(n.children);
                self.nodes[id as usize] = Node {
                    mv: m,
                    mover: mover as u8,
                    untried: all(pos.legal_moves().len()),
                    ..Node::EMPTY
                };
                self.live += 1;
                let parent = &mut self.nodes[node as usize];
                parent.untried &= !(1 << index);
                parent.first_child = first;
                parent.children += 1;
                path.push(id);
                break;
            }
            if n.children == 0 {
                // The tree is full: play out from here.
                break;
            }
            node = self.select(node);
            pos.play_unchecked(self.nodes[node as usize].mv);
            path.push(node);
        }
        let rewards = self.playout(pos);
        for &i in path.iter() {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.reward += rewards[usize::from(n.mover)];
        }
    }

    /// The child of `node` with the best UCB1 score for its mover (the
    /// first of equals).
    fn select(&self, node: u32) -> u32 {
        let parent = &self.nodes[node as usize];
        let log = f64::from(parent.visits.max(1)).ln();
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        // The newest child first (the first of equals wins).
        for c in (parent.first_child..parent.first_child + u32::from(parent.children)).rev() {
            let child = &self.nodes[c as usize];
            let score = if child.visits == 0 {
                f64::INFINITY
            } else {
                let n = f64::from(child.visits);
                child.reward / n + self.exploration * (log / n).sqrt()
            };
            if score > best_score || best == NONE {
                best = c;
                best_score = score;
            }
        }
        best
    }

    /// Moves from `pos` to the end of the game or the cap, each the
    /// greedy one with probability `greed`, else random; every player's
    /// reward.
    fn playout(&mut self, mut pos: Position<'_>) -> Rewards {
        let mut played = 0;
        while !pos.is_over() && played < self.playout_cap {
            let moves = pos.legal_moves();
            let m = if self.greed > 0.0 && self.rng.random::<f64>() < self.greed {
                greedy_move(&pos)
            } else {
                moves
                    .get(self.rng.random_range(0..moves.len()))
                    .expect("in range")
            };
            pos.play_unchecked(m);
            played += 1;
        }
        self.rewards(&pos)
    }

    /// Every player's reward for `pos`: its outcome when the game is over,
    /// else the evaluator's ranking.
    fn rewards(&self, pos: &Position<'_>) -> Rewards {
        let players = pos.rules().players();
        let total = f64::from(pos.total_seeds().max(1));
        // Per side: a key to rank by (higher is better) and a margin in [-1, 1].
        let mut keys = [0i64; MAX_PLAYERS];
        let mut margins = [0.0; MAX_PLAYERS];
        if let Some(outcome) = pos.outcome() {
            let scores = outcome.scores();
            for side in 0..players {
                keys[side] = -i64::from(outcome.rank(side));
                let best_other = (0..players)
                    .filter(|&s| s != side)
                    .map(|s| i32::from(scores[s]))
                    .max()
                    .unwrap_or(0);
                margins[side] = f64::from(i32::from(scores[side]) - best_other) / total;
            }
        } else {
            for side in 0..players {
                let v = self.evaluator.evaluate(pos, side);
                keys[side] = i64::from(v);
                margins[side] = (f64::from(v) / (f64::from(SEED) * total)).clamp(-1.0, 1.0);
            }
        }
        let mut rewards = [0.0; MAX_PLAYERS];
        let n = players as f64;
        for side in 0..players {
            let above = (0..players).filter(|&s| keys[s] > keys[side]).count() as f64;
            let equal = (0..players).filter(|&s| keys[s] == keys[side]).count() as f64;
            // Shared places rank + 0 ..= rank + equal - 1, averaged.
            let place = 1.0 + above + (equal - 1.0) / 2.0;
            let rank_reward = (n - place) / (n - 1.0);
            let margin_reward = (1.0 + margins[side]) / 2.0;
            let w = self.margin_weight;
            rewards[pos.player_of(side)] = (1.0 - w) * rank_reward + w * margin_reward;
        }
        rewards
    }
}

impl<E: Evaluator> Strategy for Mcts<E> {
    fn choose(&mut self, pos: &Position<'_>) -> Option<Move> {
        let moves = pos.legal_moves();
        if moves.len() == 1 {
            // Nothing to think about.
            return moves.get(0);
        }
        self.search(pos).best
    }
}

/// The move that puts the most seeds into the mover's store at once (of
/// equals, one that gives an extra turn, then the first in legal order).
fn greedy_move(pos: &Position<'_>) -> Move {
    let side = pos.to_move();
    let mut best = (i32::MIN, Move::Swap);
    for m in pos.legal_moves() {
        let mut child = *pos;
        child.play_unchecked(m);
        let gain = i32::from(child.store(side)) - i32::from(pos.store(side));
        let again = !child.is_over() && child.to_move() == side;
        let score = 2 * gain + i32::from(again);
        if score > best.0 {
            best = (score, m);
        }
    }
    best.1
}

/// A mask of the first `n` indices.
fn all(n: usize) -> u32 {
    if n >= 32 { u32::MAX } else { (1u32 << n) - 1 }
}

/// The index of the `k`-th set bit of `mask` (from 0).
fn nth_bit(mut mask: u32, k: u32) -> u32 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::{Preset, Rules};

    #[test]
    fn the_greedy_playout_move_takes_the_most_seeds_then_the_extra_turn() {
        let rules = Rules::new(&Preset::Kalah.rules()).unwrap();
        // From the start every house holds 4: house 3 ends in the store
        // (one seed, and an extra turn), houses 4 to 6 put one seed there
        // without one, houses 1 and 2 none.
        assert_eq!(greedy_move(&Position::new(&rules)), Move::House(3));
        // After 3 (extra turn), house 6 (5 seeds) puts one in the store and
        // house 4 and 5 one each too, none with an extra turn: the first.
        let mut pos = Position::new(&rules);
        pos.play(Move::House(3)).unwrap();
        assert_eq!(pos.to_move(), 0);
        assert_eq!(greedy_move(&pos), Move::House(4));
    }

    #[test]
    fn children_sit_side_by_side_in_their_block_and_the_cap_counts_nodes() {
        assert_eq!(std::mem::size_of::<Node>(), 24, "the docs' node size");
        let rules = Rules::new(&Preset::Oware.rules()).unwrap();
        for (cap, iterations) in [(1 << 20, 3_000), (500, 3_000), (2, 50)] {
            let mut mcts = Mcts::new(Limits::nodes(iterations), 3).tree_nodes(cap);
            let report = mcts.search(&Position::new(&rules));
            assert_eq!(report.iterations, iterations);
            assert_eq!(mcts.nodes[0].visits as u64, iterations);
            // Walk the tree from the root: every node made is reached once.
            let mut reached = 0;
            let mut stack = vec![0u32];
            while let Some(i) = stack.pop() {
                reached += 1;
                let n = mcts.nodes[i as usize];
                if n.first_child == NONE {
                    assert_eq!(n.children, 0);
                    continue;
                }
                let block = u32::from(n.children) + n.untried.count_ones();
                assert!(n.children >= 1 && n.first_child + block <= mcts.nodes.len() as u32);
                let mut below = 0;
                let mut moves = Vec::new();
                for c in n.first_child..n.first_child + u32::from(n.children) {
                    below += mcts.nodes[c as usize].visits;
                    moves.push(mcts.nodes[c as usize].mv);
                    stack.push(c);
                }
                // Each child once, and the slots after them unused.
                moves.sort_by_key(|m| format!("{m:?}"));
                moves.dedup();
                assert_eq!(moves.len(), usize::from(n.children));
                assert!(below <= n.visits);
                for c in n.first_child + u32::from(n.children)..n.first_child + block {
                    assert_eq!(mcts.nodes[c as usize].visits, 0);
                }
            }
            assert_eq!(reached, mcts.live);
            assert!(
                mcts.live <= cap.max(2),
                "{} nodes under a cap of {cap}",
                mcts.live
            );
            if cap < 1 << 20 {
                assert_eq!(mcts.live, cap, "a full tree");
            }
        }
    }

    #[test]
    fn greedy_playouts_are_a_chance() {
        let mcts = Mcts::new(Limits::nodes(10), 1);
        assert_eq!(mcts.greed, Mcts::<Heuristic>::DEFAULT_GREED);
        assert_eq!(mcts.clone().greedy_playouts(2.0).greed, 1.0);
        assert_eq!(mcts.clone().greedy_playouts(-1.0).greed, 0.0);
        assert_eq!(mcts.greedy_playouts(f64::NAN).greed, 0.0);
    }
}
