"""Developer tool (not CI): for states along HoDoKu's solution paths (hodoku-py, techniques up to
order 5500 only, so no slow tabling), asks each advanced finder of HoDoKu separately and prints
    TYPE \t NONE \t STATE    or    TYPE \t FOUND_TYPE \t ELIMS \t STATE
so examples/compare_advanced.rs can check each termdoku finder on its own, on every state.

Usage: /tmp/oracle/bin/python scripts/hodoku_finder_dump.py PUZZLES.txt [LIMIT [EVERY]] > dump.tsv
(see hodoku_path_dump.py for the virtualenv), then cargo run --example compare_advanced -- dump.tsv

Environment: HODOKU_TYPES=ALS_XZ,SUE_DE_COQ,... asks those finders instead (`als` stands for Sue de
Coq, ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death Blossom); HODOKU_MAX_ORDER=N walks the paths with
the techniques up to order N (default 5500; 8900 walks HoDoKu's full paths, slow).
"""
import os
import sys
from hodoku.core.grid import Grid
from hodoku.core.scoring import SOLVER_STEPS, STEP_CONFIG
from hodoku.core.types import SolutionType as S
from hodoku.solver.step_finder import SudokuStepFinder
from hodoku.solver.solver import _apply_step
from hodoku.config import DEFAULT_CONFIG
from hodoku_path_dump import state_line

TYPES = [S.REMOTE_PAIR, S.BUG_PLUS_1, S.SKYSCRAPER, S.TWO_STRING_KITE, S.TURBOT_FISH,
         S.EMPTY_RECTANGLE, S.W_WING, S.XY_WING, S.XYZ_WING, S.UNIQUENESS_1, S.UNIQUENESS_2,
         S.UNIQUENESS_3, S.UNIQUENESS_4, S.UNIQUENESS_5, S.UNIQUENESS_6, S.HIDDEN_RECTANGLE,
         S.AVOIDABLE_RECTANGLE_1, S.AVOIDABLE_RECTANGLE_2, S.SIMPLE_COLORS_TRAP,
         S.MULTI_COLORS_1, S.X_CHAIN, S.XY_CHAIN]
ALS_TYPES = [S.SUE_DE_COQ, S.ALS_XZ, S.ALS_XY_WING, S.ALS_XY_CHAIN, S.DEATH_BLOSSOM]
if os.environ.get("HODOKU_TYPES"):
    TYPES = [t for name in os.environ["HODOKU_TYPES"].split(",")
             for t in (ALS_TYPES if name == "als" else [S[name]])]

if __name__ == '__main__':
    max_order = int(os.environ.get("HODOKU_MAX_ORDER", "5500"))
    steps_cfg = [c for c in SOLVER_STEPS if c.index <= max_order]
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 10**9
    every = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    n = 0
    for line in open(sys.argv[1]):
        p = line.strip()[:81]
        if len(p) != 81:
            continue
        n += 1
        if n > limit:
            break
        g = Grid(); g.set_sudoku(p)
        finder = SudokuStepFinder(g, DEFAULT_CONFIG.solve_search)
        k = 0
        while not g.is_solved():
            step = None
            for cfg in steps_cfg:
                step = finder.get_step(cfg.solution_type)
                if step is not None:
                    break
            if step is None:
                break
            k += 1
            if not step.type.is_single() and k % every == 0:
                st = state_line(g)
                for t in TYPES:
                    s = finder.get_step(t)
                    if s is None:
                        print(f"{t.name}\tNONE\t{st}")
                    else:
                        el = sorted(set((c.value, c.index) for c in s.candidates_to_delete))
                        els = " ".join(f"{v}{i//9+1}{i%9+1}" for v, i in el)
                        print(f"{t.name}\t{s.type.name}\t{els}\t{st}")
                sys.stdout.flush()
            _apply_step(g, step)
