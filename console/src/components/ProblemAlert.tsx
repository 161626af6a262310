/** The problem of the last call, when there is one, as an alert. */
export function ProblemAlert({ problem }: { problem: string | null }) {
  return problem ? (
    <p role="alert" className="error">
      {problem}
    </p>
  ) : null;
}
