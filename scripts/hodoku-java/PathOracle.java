import java.io.*;
import sudoku.*;
import solver.*;

/** Reads puzzles (one per line); for every state on HoDoKu's path (Kraken fish switched on),
 *  prints: library line of the state TAB library line of HoDoKu's fresh hint TAB its text. */
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
    }
}
