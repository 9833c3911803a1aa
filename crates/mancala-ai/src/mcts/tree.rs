//! The tree of [`Mcts`]: nodes in an arena, blocks of siblings side by
//! side, and an iteration's selection (UCB1), expansion and
//! backpropagation.

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
                // The last batch no more than the budget left.
                let batch = (iterations - done).min(lanes as u64) as usize;
                self.iterate_batch(pos, lanes, &mut paths[..batch]);
                done += batch as u64;
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

    /// `paths.len()` iterations at once (at most [`MAX_LANES`]), their
    /// playouts random and played in `lanes` lanes: selects and expands a
    /// leaf for each, with a virtual loss (a visit with no reward) on
    /// every node of its path so that the next selection sees it tried
    /// and lost; plays the playouts from the leaves together
    /// ([`Playout::play_lanes_from`](mancala_core::Playout::play_lanes_from));
    /// then adds each playout's rewards to its path, which turns the
    /// virtual losses into the real results.
    fn iterate_batch<'r>(&mut self, root: &Position<'r>, lanes: usize, paths: &mut [Vec<u32>]) {
        let mut leaves = [*root; MAX_LANES];
        for (leaf, path) in leaves.iter_mut().zip(paths.iter_mut()) {
            *leaf = self.descend(root, path);
            for &i in path.iter() {
                self.nodes[i as usize].visits += 1;
            }
        }
        let seeds: [u64; MAX_LANES] = std::array::from_fn(|_| self.rng.random());
        let mut ended = leaves;
        let games = paths.len() as u64;
        let start = |g: u64| leaves[g as usize];
        let chooser = |g: u64| Uniform(SmallRng::seed_from_u64(seeds[g as usize]));
        let done = |g: u64, pos: &Position<'r>, _| ended[g as usize] = *pos;
        let (playout, cap) = (&mut self.playout, self.playout_cap);
        match lanes {
            2 => playout.play_lanes_from::<2, _>(games, cap, start, chooser, done),
            3 => playout.play_lanes_from::<3, _>(games, cap, start, chooser, done),
            _ => playout.play_lanes_from::<4, _>(games, cap, start, chooser, done),
        }
        for (end, path) in ended.iter().zip(paths.iter()) {
            let rewards = self.rewards(end);
            for &i in path.iter() {
                let n = &mut self.nodes[i as usize];
                n.reward += rewards[usize::from(n.mover)];
            }
        }
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
