// Runs the runtime matrix and prints it as a Markdown table; exits 1 when a row fails.
// Usage: npm run matrix   (or: node package-checks/matrix/cli.ts)
import { formatMatrix, runMatrix } from './run-matrix.ts'

const rows = await runMatrix()
console.log(formatMatrix(rows))
if (rows.some((row) => !row.ok)) process.exitCode = 1
