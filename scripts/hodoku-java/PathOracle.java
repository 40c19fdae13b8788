import java.io.*;
import sudoku.*;
import solver.*;

/**
 * HoDoKu 2.2 itself as an oracle for the step engine, for the techniques hodoku-py lacks (Kraken
 * fish). Developer tool, not part of CI or of the build; HoDoKu (GPL) is only run, never vendored.
 *
 * Build HoDoKu 2.2.0 from its source (github.com/1to9only/HoDoKu, commit b0755f2 "Release 2.2.0"):
 *   git archive b0755f2 | tar -x -C hodoku && cd hodoku
 *   find src -name '*.java' > srcs && javac --release 8 -nowarn -encoding UTF-8 -d classes @srcs
 *   cp -r src/intl src/img src/templates.dat classes/
 *   javac --release 8 -cp classes -d . PathOracle.java
 * Run (its options file goes to java.io.tmpdir; use a private one):
 *   java -Djava.io.tmpdir=DIR -Djava.awt.headless=true -cp classes:. PathOracle < PUZZLES > OUT.tsv
 *   (argument `off`: Kraken fish stay off, HoDoKu's default)
 *
 * Reads puzzles (one per line, the first token). Solves each with Kraken fish switched on; at
 * every state it loads the state's library line into a fresh grid (as HoDoKu loads a pasted
 * state), asks for the next step there and applies it to the path. Prints per state: the state's
 * library line TAB the step's library line TAB the step's text (toString(2), line breaks as \n);
 * then `END` TAB the puzzle. `scripts/compare-kraken` reads this.
 */
public class PathOracle {
    public static void main(String[] args) throws Exception {
        boolean kraken = args.length == 0 || !args[0].equals("off");
        Options opts = Options.getInstance();
        for (StepConfig sc : opts.solverSteps) {
            if (sc.getType() == SolutionType.KRAKEN_FISH) sc.setEnabled(kraken);
        }
        SudokuSolver solver = SudokuSolverFactory.getDefaultSolverInstance();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, "UTF-8");
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (line.isEmpty()) continue;
            String puzzle = line.split("\\s+")[0];
            Sudoku2 sudoku = new Sudoku2();
            sudoku.setSudoku(puzzle);
            int guard = 0;
            while (!sudoku.isSolved() && guard++ < 400) {
                String lib = sudoku.getSudoku(ClipboardMode.LIBRARY);
                Sudoku2 fresh = new Sudoku2();
                fresh.setSudoku(lib);
                SolutionStep step = solver.getHint(fresh, false);
                if (step == null) { out.println(lib + "\tNONE\t"); break; }
                String stepLib = fresh.getSudoku(ClipboardMode.LIBRARY, step);
                String text = step.toString(2).replace("\r\n", "\\n");
                out.println(lib + "\t" + stepLib + "\t" + text);
                solver.doStep(sudoku, step);
            }
            out.println("END\t" + puzzle);
            out.flush();
        }
        // HoDoKu starts background threads that would keep the JVM alive.
        System.exit(0);
    }
}
