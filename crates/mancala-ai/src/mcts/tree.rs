//! The tree of [`Mcts`]: nodes in an arena, blocks of siblings side by
//! side, and an iteration's selection (UCB1), expansion and
//! backpropagation.

use std::cell::RefCell;

use mancala_core::{Choose, Move, Position};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::{MAX_LANES, Mcts, MctsReport};
use crate::eval::Evaluator;
use crate::limits::Clock;
use crate::strategy::{greedy_moves, nth_bit};

/// No node.
pub(super) const NONE: u32 = u32::MAX;

/// One node of the tree: a position reached by `mv`, stored in an arena.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// The move that leads here from the parent, as its
    /// [`Move::index`]: one byte, so that a node stays 24 bytes whatever
    /// the size of a `Move`.
    mv: u8,
    /// The player who chose `mv`: the one this node's rewards are for.
    pub(super) mover: u8,
    /// Children expanded so far: `first_child ..` in the order they were
    /// made.
    pub(super) children: u8,
    /// Indices (in legal-move order) of the moves not yet expanded.
    pub(super) untried: u32,
    /// The first slot of the block reserved for the children when the
    /// first of them was made, one slot a legal move (`NONE` before).
    pub(super) first_child: u32,
    pub(super) visits: u32,
    /// Sum of `mover`'s rewards over the playouts through this node.
    pub(super) reward: f64,
}

impl Node {
    /// The move that leads here from the parent.
    pub(super) fn mv(&self) -> Move {
        Move::from_index(self.mv).unwrap_or(Move::Swap)
    }

    /// A slot not used yet.
    const EMPTY: Node = Node {
        mv: 0,
        mover: 0,
        children: 0,
        untried: 0,
        first_child: NONE,
        visits: 0,
        reward: 0.0,
    };
}

impl<E: Evaluator> Mcts<E> {
    /// Searches `pos`: `iterations` or until the `clock`'s time is up, the models
    /// applying to the players other than `self.me`, if set.
    pub(super) fn run(
        &mut self,
        pos: &Position<'_>,
        iterations: u64,
        mut clock: Clock,
    ) -> MctsReport {
        let mover = pos.player_to_move();
        let moves = pos.legal_moves();
        self.nodes.clear();
        self.nodes.push(Node {
            mover: mover as u8,
            untried: all(moves.len()),
            ..Node::EMPTY
        });
        self.live = 1;
        let lanes = self.lanes_for(pos.rules());
        let mut paths: [Vec<u32>; MAX_LANES] = std::array::from_fn(|_| Vec::with_capacity(64));
        let mut done = 0;
        while done < iterations {
            if done > 0 && clock.expired() {
                break;
            }
            if lanes == 1 {
                self.iterate(pos, &mut paths[0]);
                done += 1;
            } else {
                // Under a deadline, the clock is looked at every
                // `LANES_CHUNK` iterations.
                let mut games = iterations - done;
                if clock.has_deadline() {
                    games = games.min(LANES_CHUNK);
                }
                self.iterate_lanes(pos, lanes, games, &mut paths);
                done += games;
            }
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
    pub(super) fn child(&self, parent: u32, m: Move) -> Option<u32> {
        let p = &self.nodes[parent as usize];
        (p.first_child..p.first_child + u32::from(p.children))
            .find(|&c| self.nodes[c as usize].mv() == m)
    }

    /// One iteration: selection, expansion, playout, backpropagation.
    fn iterate(&mut self, root: &Position<'_>, path: &mut Vec<u32>) {
        let leaf = self.descend(root, path);
        let rewards = self.playout(leaf);
        for &i in path.iter() {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.reward += rewards[usize::from(n.mover)];
        }
    }

    /// `games` iterations whose random playouts are played in `lanes`
    /// lanes (at most [`MAX_LANES`]), kept full
    /// ([`Playout::play_lanes_from`](mancala_core::Playout::play_lanes_from)):
    /// a lane's next playout starts from a leaf selected and expanded
    /// when the lane takes it up, with a virtual loss (a visit with no
    /// reward) on every node of its path, so that the selections made
    /// while it is played see it tried and lost; when the playout ends,
    /// its rewards are added to its path, which turns the virtual loss
    /// into the real result, and the lane takes up the next leaf at once.
    fn iterate_lanes<'r>(
        &mut self,
        root: &Position<'r>,
        lanes: usize,
        games: u64,
        paths: &mut [Vec<u32>; MAX_LANES],
    ) {
        // The playout's sets of positions are lent to the lanes while
        // the tree is the closures'.
        let mut playout = std::mem::take(&mut self.playout);
        let cap = self.playout_cap;
        let flight = RefCell::new(Flight {
            mcts: self,
            paths,
            games: [NO_GAME; MAX_LANES],
            lanes,
        });
        let start = |g: u64| flight.borrow_mut().start(root, g);
        let chooser = |_| {
            Uniform(SmallRng::seed_from_u64(
                flight.borrow_mut().mcts.rng.random(),
            ))
        };
        let done = |g: u64, end: &Position<'r>, _| flight.borrow_mut().done(g, end);
        match lanes {
            2 => playout.play_lanes_from::<2, _>(games, cap, start, chooser, done),
            3 => playout.play_lanes_from::<3, _>(games, cap, start, chooser, done),
            _ => playout.play_lanes_from::<4, _>(games, cap, start, chooser, done),
        }
        self.playout = playout;
    }

    /// Selection and expansion: walks down the tree from the root (`path`
    /// the nodes on the way, the root first) and adds a child, as
    /// [`Mcts`] describes; returns the position reached, where the
    /// playout starts.
    fn descend<'r>(&mut self, root: &Position<'r>, path: &mut Vec<u32>) -> Position<'r> {
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
                    mv: m.index().expect("a legal move has an index"),
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
            pos.play_unchecked(self.nodes[node as usize].mv());
            path.push(node);
        }
        pos
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
    /// first of equals, the newest child first). The scores are worked
    /// out for all the children first, then compared: the divisions and
    /// roots of different children do not wait for each other (the
    /// compiler pairs them), and each score is the same to the last bit.
    fn select(&self, node: u32) -> u32 {
        let parent = &self.nodes[node as usize];
        let log = f64::from(parent.visits.max(1)).ln();
        let first = parent.first_child as usize;
        let children = &self.nodes[first..first + usize::from(parent.children)];
        // A node has at most 32 children: `untried` is a mask of 32 moves.
        let mut scores = [0.0f64; u32::BITS as usize];
        for (score, child) in scores.iter_mut().zip(children) {
            let n = f64::from(child.visits.max(1));
            let ucb = child.reward / n + self.exploration * (log / n).sqrt();
            *score = if child.visits == 0 {
                f64::INFINITY
            } else {
                ucb
            };
        }
        let mut best = children.len() - 1;
        for (i, &score) in scores[..children.len()].iter().enumerate().rev() {
            if score > scores[best] {
                best = i;
            }
        }
        (first + best) as u32
    }
}

/// Iterations between looks at the clock when playouts are played in
/// lanes under a deadline: the lanes are kept full within a call of
/// [`Playout::play_lanes_from`](mancala_core::Playout::play_lanes_from),
/// and the last few of its playouts finish one after the other.
const LANES_CHUNK: u64 = 256;

/// No game: a free slot of [`Flight`].
const NO_GAME: u64 = u64::MAX;

/// The playouts of [`Mcts::iterate_lanes`] in flight: the tree, and for
/// each slot the game it holds (`NO_GAME` if free) and that game's path
/// from the root. A lane's game ends before the lane takes up the next,
/// so a slot a lane is enough: the first `lanes` are used.
struct Flight<'m, 'p, E> {
    mcts: &'m mut Mcts<E>,
    paths: &'p mut [Vec<u32>; MAX_LANES],
    games: [u64; MAX_LANES],
    lanes: usize,
}

impl<E: Evaluator> Flight<'_, '_, E> {
    /// Game `g`'s start: a leaf selected and expanded from `root` into a
    /// free slot, a virtual loss on its path.
    fn start<'r>(&mut self, root: &Position<'r>, g: u64) -> Position<'r> {
        let slot = self.games[..self.lanes]
            .iter()
            .position(|&h| h == NO_GAME)
            .expect("a lane holds one game at a time");
        self.games[slot] = g;
        let path = &mut self.paths[slot];
        let leaf = self.mcts.descend(root, path);
        for &i in path.iter() {
            self.mcts.nodes[i as usize].visits += 1;
        }
        leaf
    }

    /// Game `g` ended at `end`: its rewards added to its path, its slot
    /// freed.
    fn done(&mut self, g: u64, end: &Position<'_>) {
        let slot = self
            .games
            .iter()
            .position(|&h| h == g)
            .expect("a game ends in the slot it started in");
        self.games[slot] = NO_GAME;
        let rewards = self.mcts.rewards(end);
        for &i in self.paths[slot].iter() {
            let n = &mut self.mcts.nodes[i as usize];
            n.reward += rewards[usize::from(n.mover)];
        }
    }
}

/// A playout's chooser in lanes: a uniform index from a generator of its
/// own (lanes cannot share the search's).
struct Uniform(SmallRng);

impl Choose for Uniform {
    #[inline(always)]
    fn pick(&mut self, moves: usize) -> usize {
        self.0.random_range(0..moves)
    }
}

/// A mask of the first `n` indices.
fn all(n: usize) -> u32 {
    if n >= 32 { u32::MAX } else { (1u32 << n) - 1 }
}
