//! Monte-Carlo tree search (UCT) for any rule set and 2 to 4 players.

use std::time::Duration;

use mancala_core::{MAX_PLAYERS, Move, Position, Side};
use rand::RngExt;
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::eval::{Evaluator, Heuristic};
use crate::limits::{Clock, Limits};
use crate::moves::gain;
use crate::params::{PROBE_MAX_ITERATIONS, PROBE_MIN_ITERATIONS, PROBE_SHARE};
use crate::strategy::{Strategy, greedy_moves, nth_bit};
use crate::timemgmt::Allocation;
use crate::value::SEED;

mod model;

pub use model::OpponentModel;
use model::{Belief, Trail};

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
/// The tree stops growing at about a million nodes (see
/// [`Mcts::tree_nodes`]); later iterations play out from its leaves.
///
/// **Playouts** are random by default. [`Mcts::greedy_playouts`] makes a
/// share of their moves greedy (the most seeds into the mover's store at
/// once), which models players who take what is offered; it is off by
/// default because it is slower and trades strength against random players
/// for strength against greedy ones (docs/results.md section 7.3).
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
/// players play 10 moves ([`LEVEL_PLAYOUT_MOVES`](crate::LEVEL_PLAYOUT_MOVES)).
///
/// **Extra turns and the pie rule.** Nothing assumes that turns
/// alternate: the player choosing at a node is
/// `pos.player_to_move()`, and rewards, which a finished game gives
/// per *side*, are handed to players through `side_of` at the end of the
/// playout, so a swap is accounted for.
///
/// **Opponent modelling** (on by default; [`Mcts::opponent_modelling`]).
/// Plain UCT takes every player to choose its best move, which misjudges
/// weak players (docs/results.md section 7.4). So the search follows the
/// game through [`Strategy::observe`], and when asked again in the
/// position that the moves seen since its own last move lead to, it
/// weighs each opponent move among them that had a choice under three
/// ways of playing:
///
/// - *random*: every legal move alike;
/// - *greedy*: one of the moves that put the most seeds into the mover's
///   store at once, as [`Greedy`](crate::Greedy) plays (with 5% of other
///   moves, for other tie-breaks or slips);
/// - *searching*: a move found good by a short search from the
///   opponent's position (a twentieth of the budget, at most 2,000
///   iterations): with a chance growing with the move's place between the
///   worst and the best, the best 20 times as likely as the worst.
///
/// From priors of 10%, 10% and 80% this gives each opponent's chances
/// ([`Mcts::opponent_model`]). In the tree, at that opponent's turns, a
/// random move is played with its chance of being random, a greedy move
/// with its chance of being greedy, and otherwise UCB1 chooses as usual.
/// A position that does not follow from the moves seen (a new game, an
/// unrelated position, a caller that does not report the moves) starts
/// the models afresh, so until opponent moves are seen the search is
/// plain UCT, move for move; moves before its first move of a game are
/// not weighed. Searches with a budget under 2,000 iterations (probes
/// under 100) do not model.
///
/// **Budget.** [`Limits::nodes`](Limits) is the number of iterations and
/// [`Limits::time`](Limits) a time budget (checked after every iteration);
/// with neither, [`Mcts::DEFAULT_ITERATIONS`]. The depth limit is not used.
/// The final move is the most visited one (ties: higher mean reward, then
/// the first in legal order). The tree is built afresh for every search;
/// only the opponent models carry over. With a time limit, the short
/// searches of opponent modelling get a twentieth of it each, inside it.
///
/// A given seed gives the same sequence of searches, move for move, under
/// node limits; a time limit makes it depend on the machine.
///
/// # Examples
///
/// ```
/// use mancala_ai::{Limits, Mcts, Random, Strategy};
/// use mancala_core::{History, KalahOptions, Rules, Side};
///
/// // Three-player Kalah with 4 houses of 3 seeds.
/// let rules = Rules::new(&KalahOptions { players: 3, houses: 4, seeds: 3,
///                                        ..KalahOptions::default() }.rules())?;
/// let mut mcts = Mcts::new(Limits::nodes(200), 7).exploration(0.8);
/// let mut others = Random::new(1);
/// let mut game = History::new(&rules);
/// while !game.is_over() {
///     let pos = *game.position();
///     let m = if pos.to_move() == Side::new(0) { mcts.choose(&pos) } else { others.choose(&pos) };
///     let m = m.unwrap();
///     game.play(m)?;
///     // Every player is told every move (see `Strategy`).
///     mcts.observe(&pos, m);
///     others.observe(&pos, m);
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
    /// Whether opponents are modelled from their moves.
    modelling: bool,
    /// Per player: what its moves say.
    beliefs: [Belief; MAX_PLAYERS],
    /// The moves seen since this player last chose one, if modelling and
    /// they follow on from it.
    trail: Option<Trail>,
    /// The player searching now: the models apply to the others.
    me: Option<usize>,
    /// The time manager's allocation of the following searches.
    allocation: Option<Allocation>,
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
            modelling: true,
            beliefs: [Belief::NONE; MAX_PLAYERS],
            trail: None,
            me: None,
            allocation: None,
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

    /// Turns opponent modelling on (the default) or off (every player is
    /// taken to search, the plain UCT of earlier versions). See [`Mcts`].
    pub fn opponent_modelling(mut self, on: bool) -> Self {
        self.modelling = on;
        if !on {
            self.forget();
        }
        self
    }

    /// What the moves seen so far say about how `player` plays
    /// ([`OpponentModel::UNKNOWN`] before any, or with modelling off).
    ///
    /// ```
    /// use mancala_ai::{Greedy, Limits, Mcts, OpponentModel, Strategy};
    /// use mancala_core::{History, KalahOptions, Rules};
    ///
    /// let rules = Rules::new(&KalahOptions { players: 3, ..KalahOptions::default() }.rules())?;
    /// let mut mcts = Mcts::new(Limits::nodes(2_000), 2);
    /// assert_eq!(mcts.opponent_model(1), OpponentModel::UNKNOWN);
    /// let (mut one, mut two) = (Greedy::new(1), Greedy::new(2));
    /// let mut game = History::new(&rules);
    /// while !game.is_over() {
    ///     let pos = *game.position();
    ///     let m = match pos.player_to_move() {
    ///         0 => mcts.choose(&pos),
    ///         1 => one.choose(&pos),
    ///         _ => two.choose(&pos),
    ///     }
    ///     .unwrap();
    ///     game.play(m)?;
    ///     // What the search learns from: the moves it is told.
    ///     mcts.observe(&pos, m);
    ///     one.observe(&pos, m);
    ///     two.observe(&pos, m);
    /// }
    /// // Two greedy players, seen taking the most seeds move after move
    /// // (here 11 and 14 moves with a choice).
    /// assert_eq!(mcts.opponent_model(1).moves_seen, 11);
    /// assert!(mcts.opponent_model(1).greedy > 0.9);
    /// assert!(mcts.opponent_model(2).greedy > 0.9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn opponent_model(&self, player: usize) -> OpponentModel {
        self.beliefs
            .get(player)
            .map_or(OpponentModel::UNKNOWN, |b| b.model)
    }

    /// Drops what was learnt about the players.
    fn forget(&mut self) {
        self.beliefs = [Belief::NONE; MAX_PLAYERS];
        self.trail = None;
    }

    /// The limits of each search.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Changes the limits of the following searches.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The limits of the next search: the limits, the time cut to the
    /// allocation's soft limit (MCTS can stop after any iteration).
    fn limits_now(&self) -> Limits {
        match self.allocation {
            Some(a) => Limits {
                time: Some(self.limits.time.map_or(a.soft, |t| t.min(a.soft))),
                ..self.limits
            },
            None => self.limits,
        }
    }

    /// Searches `pos` within the limits and reports the most visited move.
    pub fn search(&mut self, pos: &Position<'_>) -> MctsReport {
        let limits = self.limits_now();
        let clock = Clock::timer(limits.time);
        let mover = pos.player_to_move();
        if pos.is_over() {
            return MctsReport {
                best: None,
                visits: Vec::new(),
                value: self.rewards(pos)[mover],
                iterations: 0,
            };
        }
        let iterations = match (limits.nodes, limits.time) {
            (Some(n), _) => n,
            (None, Some(_)) => u64::MAX,
            (None, None) => Self::DEFAULT_ITERATIONS,
        };
        let probe = self.probe_budget();
        if let Some(probe) = probe {
            self.learn(pos, probe);
            self.me = Some(mover);
        }
        let report = self.run(pos, iterations, clock);
        self.me = None;
        if probe.is_some() {
            self.remember(pos, report.best);
        }
        report
    }

    /// The budget of the short search that judges an opponent's move (see
    /// [`Mcts`]): a twentieth of this search's, at most 2,000 iterations;
    /// `None` without modelling, or when that is under 100 iterations.
    fn probe_budget(&self) -> Option<(u64, Option<Duration>)> {
        let limits = self.limits_now();
        let iterations = match (limits.nodes, limits.time) {
            (Some(n), _) => n,
            (None, Some(_)) => u64::MAX,
            (None, None) => Self::DEFAULT_ITERATIONS,
        };
        let probe = (iterations / PROBE_SHARE).min(PROBE_MAX_ITERATIONS);
        (self.modelling && probe >= PROBE_MIN_ITERATIONS)
            .then(|| (probe, limits.time.map(|t| t / PROBE_SHARE as u32)))
    }

    /// Starts the trail of moves to learn from at the next search: after
    /// `chosen`, until told that another move was played in `pos`.
    fn remember(&mut self, pos: &Position<'_>, chosen: Option<Move>) {
        self.trail = chosen.map(|m| Trail::new(pos, m));
    }

    /// Searches `pos`: `iterations` or until the `clock`'s time is up, the models
    /// applying to the players other than `self.me`, if set.
    fn run(&mut self, pos: &Position<'_>, iterations: u64, mut clock: Clock) -> MctsReport {
        let mover = pos.player_to_move();
        let moves = pos.legal_moves();
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
            if done > 0 && clock.expired() {
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
            let player = pos.player_to_move();
            // An opponent seen to play at random or greedily: its move.
            let mut modelled = None;
            if self.me.is_some_and(|me| me != player) {
                let model = self.beliefs[player].model;
                if model.random + model.greedy > 0.0 {
                    let x = self.rng.random::<f64>();
                    if x < model.random {
                        let moves = pos.legal_moves().len();
                        modelled = Some(self.rng.random_range(0..moves) as u32);
                    } else if x < model.random + model.greedy {
                        modelled = Some(self.greedy_index(&pos));
                    }
                }
            }
            if let Some(index) = modelled {
                let m = pos.legal_moves().get(index as usize).expect("legal index");
                if let Some(c) = self.child(node, m) {
                    node = c;
                    pos.play_unchecked(m);
                    path.push(node);
                    continue;
                }
            }
            let expand = modelled.is_some() || n.untried != 0;
            if expand && self.live < self.max_nodes {
                // Expansion: the modelled move, else a random untried one.
                let index = modelled.unwrap_or_else(|| {
                    let k = self.rng.random_range(0..n.untried.count_ones());
                    nth_bit(n.untried, k)
                });
                let m = pos.legal_moves().get(index as usize).expect("legal index");
                let mover = pos.player_to_move();
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
            if n.children == 0 || modelled.is_some() {
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

    /// The index (in legal order) of a move that takes the most seeds for
    /// the mover at once, chosen at random among equals, as
    /// [`Greedy`](crate::Greedy) plays.
    fn greedy_index(&mut self, pos: &Position<'_>) -> u32 {
        let greedy = greedy_moves(pos);
        let k = self.rng.random_range(0..greedy.count_ones() as usize);
        nth_bit(greedy, k as u32)
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
        if self.greed <= 0.0 {
            // Plain random playouts: the engine's own loop plays them (the
            // same games as the loop below, at a fraction of the cost).
            let rng = &mut self.rng;
            pos.play_out(self.playout_cap, &mut |n| rng.random_range(0..n));
            return self.rewards(&pos);
        }
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
                keys[side] = -i64::from(outcome.rank(Side::new(side)));
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
            rewards[pos.player_of(Side::new(side))] = (1.0 - w) * rank_reward + w * margin_reward;
        }
        rewards
    }
}

impl<E: Evaluator> Strategy for Mcts<E> {
    fn choose(&mut self, pos: &Position<'_>) -> Option<Move> {
        let moves = pos.legal_moves();
        if moves.len() == 1 {
            // Nothing to think about, but the opponents' moves to learn from.
            if let Some(probe) = self.probe_budget() {
                self.learn(pos, probe);
                self.remember(pos, moves.get(0));
            }
            return moves.get(0);
        }
        self.search(pos).best
    }

    /// Stops at the soft limit: a search of MCTS can end after any
    /// iteration.
    fn set_time(&mut self, time: Option<Allocation>) {
        self.allocation = time;
    }

    /// Follows the game for opponent modelling: the moves seen since this
    /// player's last choice are weighed at its next search, if they lead
    /// to the position it is asked about (see [`Mcts`]).
    fn observe(&mut self, before: &Position<'_>, m: Move) {
        if self.trail.as_mut().is_some_and(|t| !t.extend(before, m)) {
            self.trail = None;
        }
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
        let gain = gain(pos, &child);
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

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::{Preset, RuleSet, Rules};

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
        assert_eq!(pos.to_move(), Side::new(0));
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

    fn kalah3() -> Rules {
        Rules::new(&RuleSet::from_spec("kalah3").unwrap()).unwrap()
    }

    #[test]
    fn the_trail_follows_the_moves_told_extra_turns_and_all() {
        let rules = kalah3();
        let mut pos = Position::new(&rules);
        // Player 0 chose house 1 (4 seeds: no extra turn) ...
        let mut trail = Trail::new(&pos, Move::House(1));
        // ... but house 2 was played: the trail starts after it.
        assert!(trail.extend(&pos, Move::House(2)));
        pos.play(Move::House(2)).unwrap();
        assert_eq!(trail.start, pos.to_setup());
        // Player 1: house 3 ends in its store (an extra turn), then house
        // 1; then player 2 sows house 2 and player 0 is to move.
        let played = [
            (1, Move::House(3)),
            (1, Move::House(1)),
            (2, Move::House(2)),
        ];
        for (player, m) in played {
            assert_eq!(pos.player_to_move(), player, "{pos}");
            assert!(trail.extend(&pos, m));
            pos.play(m).unwrap();
        }
        assert_eq!(pos.player_to_move(), 0);
        assert_eq!(trail.moves, played.map(|(_, m)| m));
        assert_eq!(trail.end, pos.to_setup());
        // A move in a position that does not follow breaks it, as does
        // an illegal one; one in the position player 0 chose in restarts it.
        let mut elsewhere = Position::new(&rules);
        elsewhere.play(Move::House(3)).unwrap();
        assert!(!trail.clone().extend(&elsewhere, Move::House(1)));
        assert!(!trail.clone().extend(&pos, Move::House(9)));
        assert!(trail.extend(&Position::new(&rules), Move::House(1)));
        assert!(trail.moves.is_empty());
    }

    /// Plays `plies` plies (or to the end) of 3-player Kalah, `mcts` as
    /// player 0.
    fn play_against(rules: &Rules, mcts: &mut Mcts, others: [&mut dyn Strategy; 2], plies: u32) {
        let [one, two] = others;
        let mut pos = Position::new(rules);
        while !pos.is_over() && pos.ply() < plies {
            let before = pos;
            let m = match pos.player_to_move() {
                0 => mcts.choose(&pos),
                1 => one.choose(&pos),
                _ => two.choose(&pos),
            }
            .unwrap();
            pos.play(m).unwrap();
            mcts.observe(&before, m);
            one.observe(&before, m);
            two.observe(&before, m);
        }
    }

    #[test]
    fn moves_seen_tell_random_greedy_and_searching_players_apart() {
        let rules = kalah3();
        let mut mcts = Mcts::new(Limits::nodes(10_000), 1);
        let mut random = crate::Random::new(2);
        let mut greedy = crate::Greedy::new(3);
        play_against(&rules, &mut mcts, [&mut random, &mut greedy], 1_000);
        let (one, two) = (mcts.opponent_model(1), mcts.opponent_model(2));
        assert!(
            one.moves_seen >= 5 && two.moves_seen >= 5,
            "{one:?} {two:?}"
        );
        assert!(one.random > 0.9, "{one:?}");
        assert!(two.greedy > 0.9, "{two:?}");
        // Its own moves are not modelled.
        assert_eq!(mcts.opponent_model(0), OpponentModel::UNKNOWN);
        assert_eq!(mcts.opponent_model(9), OpponentModel::UNKNOWN);

        // Searching players (plain UCT, a bigger budget).
        let mut mcts = Mcts::new(Limits::nodes(10_000), 1);
        let mut a = Mcts::new(Limits::nodes(4_000), 2).opponent_modelling(false);
        let mut b = Mcts::new(Limits::nodes(4_000), 3).opponent_modelling(false);
        play_against(&rules, &mut mcts, [&mut a, &mut b], 1_000);
        for player in [1, 2] {
            let model = mcts.opponent_model(player);
            assert!(model.moves_seen >= 5, "{model:?}");
            assert!(model.searching() > 0.8, "player {player}: {model:?}");
        }

        // A position that does not follow from the last one: a new game.
        mcts.choose(&Position::new(&rules));
        assert_eq!(mcts.opponent_model(1), OpponentModel::UNKNOWN);
        // Modelling off: nothing is learnt.
        let mut plain = Mcts::new(Limits::nodes(300), 1).opponent_modelling(false);
        play_against(&rules, &mut plain, [&mut random, &mut greedy], 30);
        assert_eq!(plain.opponent_model(2), OpponentModel::UNKNOWN);
    }

    #[test]
    fn before_any_move_is_seen_modelling_changes_nothing() {
        let rules = kalah3();
        let mut pos = Position::new(&rules);
        let mut random = crate::Random::new(4);
        for _ in 0..12 {
            // (2,000 iterations: smaller searches never model.)
            let on = Mcts::new(Limits::nodes(2_000), 8).search(&pos);
            let off = Mcts::new(Limits::nodes(2_000), 8)
                .opponent_modelling(false)
                .search(&pos);
            assert_eq!(on, off, "{pos}");
            pos.play(random.choose(&pos).unwrap()).unwrap();
        }
    }

    #[test]
    fn a_search_not_told_the_moves_is_plain_uct() {
        // The observation contract: a caller that reports no moves still
        // gets legal moves, those of a search without modelling.
        let rules = kalah3();
        let mut untold = Mcts::new(Limits::nodes(2_000), 6);
        let mut plain = Mcts::new(Limits::nodes(2_000), 6).opponent_modelling(false);
        let mut greedy = crate::Greedy::new(1);
        let mut pos = Position::new(&rules);
        while !pos.is_over() && pos.ply() < 24 {
            let m = if pos.player_to_move() == 0 {
                let m = untold.choose(&pos);
                assert_eq!(m, plain.choose(&pos), "{pos}");
                m.unwrap()
            } else {
                greedy.choose(&pos).unwrap()
            };
            pos.play(m).unwrap();
        }
        assert_eq!(untold.opponent_model(1), OpponentModel::UNKNOWN);
        assert_eq!(untold.opponent_model(2), OpponentModel::UNKNOWN);
    }

    #[test]
    fn modelled_players_choose_in_the_tree_as_the_model_says() {
        let rules = kalah3();
        let mut mcts = Mcts::new(Limits::nodes(1), 5);
        let sure = |random, greedy| OpponentModel {
            random,
            greedy,
            moves_seen: 1,
        };
        mcts.beliefs[1].model = sure(0.0, 1.0);
        mcts.beliefs[2].model = sure(1.0, 0.0);
        mcts.me = Some(0);
        mcts.run(&Position::new(&rules), 4_000, Clock::timer(None));
        // Walk the tree with the positions.
        let mut stack = vec![(0u32, Position::new(&rules))];
        let (mut greedy_nodes, mut random_nodes, mut random_spread) = (0, 0, 0);
        while let Some((i, pos)) = stack.pop() {
            let n = mcts.nodes[i as usize];
            if n.first_child == NONE {
                continue;
            }
            let player = pos.player_to_move();
            let moves = pos.legal_moves();
            let greedy = greedy_moves(&pos);
            let mut children = 0;
            for c in n.first_child..n.first_child + u32::from(n.children) {
                let m = mcts.nodes[c as usize].mv;
                if player == 1 {
                    let i = moves.iter().position(|x| x == m).unwrap();
                    assert_eq!(greedy >> i & 1, 1, "{pos}: {m} is not greedy");
                }
                children += 1;
                let mut child = pos;
                child.play_unchecked(m);
                stack.push((c, child));
            }
            match player {
                1 => greedy_nodes += 1,
                2 if n.visits >= 50 => {
                    random_nodes += 1;
                    // Random moves: every one tried, however bad.
                    random_spread += usize::from(children == moves.len());
                }
                _ => {}
            }
        }
        assert!(greedy_nodes > 10, "{greedy_nodes}");
        assert!(
            random_nodes > 3 && random_spread == random_nodes,
            "{random_spread}/{random_nodes}"
        );
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
