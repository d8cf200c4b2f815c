/** One thing the docs checker found wrong, at a line of a markdown file. */
export interface Problem {
  /** The markdown file, relative to the folder checked. */
  file: string;
  /** 1-based. */
  line: number;
  message: string;
}

/** `file:line: message`, as editors and terminals link it. */
export const formatProblem = ({ file, line, message }: Problem) => `${file}:${line}: ${message}`;
