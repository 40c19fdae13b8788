"""Developer tool (not CI): random player states (a puzzle plus a random share of its solution's
digits placed, not given), with every advanced HoDoKu finder (hodoku-py) asked on each state, in
the per-finder format of hodoku_finder_dump.py. Reaches patterns HoDoKu's own paths rarely show
(avoidable rectangles need placed corners).

Usage: /tmp/oracle/bin/python scripts/hodoku_random_states_dump.py PUZZLES.txt SEED PER_PUZZLE > dump.tsv
       cargo run --example compare_advanced -- dump.tsv
"""
import sys, random
from hodoku.core.grid import Grid
from hodoku.solver.step_finder import SudokuStepFinder
from hodoku.config import DEFAULT_CONFIG
from hodoku.generator.generator import SudokuGenerator
from hodoku_finder_dump import TYPES
from hodoku_path_dump import state_line
rnd = random.Random(int(sys.argv[2]))
per = int(sys.argv[3])
solver = SudokuGenerator()


def solve(p):
    """The solution of a unique puzzle, from hodoku-py's own brute-force solver."""
    solver.solve_string(p)
    return solver.get_solution_as_string()


for line in open(sys.argv[1]):
    p = line.strip()[:81]
    if len(p) != 81: continue
    sol = solve(p)
    empties = [i for i in range(81) if p[i] in '.0']
    for _ in range(per):
        k = rnd.randint(len(empties)//3, len(empties)*4//5)
        chosen = set(rnd.sample(empties, k))
        s = "".join(("+" + sol[i]) if i in chosen else p[i] for i in range(81))
        g = Grid(); g.set_sudoku(s)
        if g.is_solved(): continue
        st = state_line(g)
        f = SudokuStepFinder(g, DEFAULT_CONFIG.solve_search)
        for t in TYPES:
            r = f.get_step(t)
            if r is None:
                print(f"{t.name}\tNONE\t{st}")
            else:
                el = sorted(set((c.value, c.index) for c in r.candidates_to_delete))
                els = " ".join(f"{v}{i//9+1}{i%9+1}" for v, i in el)
                print(f"{t.name}\t{r.type.name}\t{els}\t{st}")
        sys.stdout.flush()
