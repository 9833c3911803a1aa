//! Monte-Carlo tree search (UCT) for any rule set and 2 to 4 players:
//! the search and its settings here, the tree and its selection in
//! `tree`, playouts and their rewards in `playout`, opponent modelling in
//! `model`.

use mancala_core::{MAX_PLAYERS, Move, Playout, Position, Rules};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::eval::{Evaluator, Heuristic};
use crate::limits::{Clock, Limits};
use crate::strategy::Strategy;
use crate::timemgmt::Allocation;

mod model;
mod playout;
#[cfg(test)]
mod tests;
mod tree;

pub use model::OpponentModel;
use model::{Belief, Trail};
use tree::Node;

/// The most lanes [`Mcts::rollout_lanes`] takes.
const MAX_LANES: usize = 4;

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
/// **Playouts in lanes** ([`Mcts::rollout_lanes`]). Plain random
/// playouts under rules that play in registers
/// ([`Rules::plays_in_registers`]) are played two at a time by default,
/// in the lanes of one thread ([`Playout::play_lanes_from`]), so that
/// the processor works on one while the other waits. The lanes are kept
/// full: when a playout ends, its rewards are added to its path and its
/// lane takes up the next at once, from a leaf selected then. While a
/// playout is being played, every node on its path counts a *virtual
/// loss*: a visit with a reward of 0 (the worst), so that the selections
/// made meanwhile see that path tried and lost and tend to another (a
/// repeat, or a finished game, is allowed); its rewards, added when it
/// ends, turn the virtual loss into the real result. On an idle host
/// ([`Mcts::DEFAULT_ROLLOUT_LANES`], docs/results.md section 3.1) two
/// lanes took 11% less time than one playout at a time in Kalah, 9% in
/// Oware, 5% in Wari and 4% in Al-manqala; three or four were no faster
/// than two but in Kalah (three, 6%); and the search in lanes scored
/// 0.50 to 0.52 against one playout at a time at equal iterations.
/// Playouts in lanes apply `repetition` when the rules have it, as a
/// [`Game`](mancala_core::Game) would; one playout at a time plays a
/// bare [`Position`] on, which has no history and ignores it (the cap
/// then ends an endless game).
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
/// [`Limits::time`](Limits) a time budget (checked after every iteration,
/// or every 256 iterations of playouts in lanes);
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
    /// Playouts played together, if set (else the default of the rules).
    lanes: Option<usize>,
    /// The sets of positions of playouts in lanes, kept from search to
    /// search.
    playout: Playout,
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
    /// The most random playouts played together
    /// ([`Mcts::rollout_lanes`]).
    pub const MAX_ROLLOUT_LANES: usize = MAX_LANES;

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

    /// The random playouts played together by default
    /// ([`Mcts::rollout_lanes`]): two, the fastest where measured but for
    /// Kalah's three (an iteration in 11% less time than one lane in
    /// Kalah, 9% in Oware, 5% in Wari, 4% in Al-manqala; docs/results.md
    /// section 3.1).
    pub const DEFAULT_ROLLOUT_LANES: usize = 2;

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
            lanes: None,
            playout: Playout::new(),
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

    /// Sets how many random playouts are played together, in lanes, from
    /// 1 to 4 (0 counts as 1, more as 4; the default is
    /// [`Mcts::DEFAULT_ROLLOUT_LANES`]): with `n` above 1 the search keeps
    /// `n` playouts going, each from a leaf selected with a virtual loss
    /// when its lane took it up, and backs each one's rewards up when it
    /// ends (see [`Mcts`], *Playouts in lanes*); 1 plays one playout an
    /// iteration, move for move the search of earlier versions. Lanes
    /// apply only to plain random playouts under rules that play in
    /// registers ([`Rules::plays_in_registers`]); other searches play
    /// one at a time whatever this says. Under a time limit the clock is
    /// looked at every 256 iterations in lanes (every iteration
    /// otherwise).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_ai::{Limits, Mcts};
    /// use mancala_core::{Position, Preset, Rules};
    ///
    /// let rules = Rules::new(&Preset::Kalah.rules())?;
    /// // 1,001 playouts, 4 going at a time.
    /// let mut mcts = Mcts::new(Limits::nodes(1_001), 7).rollout_lanes(4);
    /// let report = mcts.search(&Position::new(&rules));
    /// assert_eq!(report.iterations, 1_001);
    /// assert_eq!(report.visits.iter().map(|v| v.1).sum::<u32>(), 1_001);
    /// # Ok::<(), mancala_core::RuleError>(())
    /// ```
    pub fn rollout_lanes(mut self, n: usize) -> Self {
        self.lanes = Some(n.clamp(1, MAX_LANES));
        self
    }

    /// The playouts the search plays together under `rules` (1: one an
    /// iteration).
    fn lanes_for(&self, rules: &Rules) -> usize {
        if self.greed > 0.0 || !rules.plays_in_registers() {
            return 1;
        }
        self.lanes.unwrap_or(Self::DEFAULT_ROLLOUT_LANES)
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
