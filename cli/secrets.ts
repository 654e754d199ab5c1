// Secrets from the environment or a hidden prompt, so they stay out of shell history and the process list.
import { createInterface } from "node:readline";
import { UsageError } from "./errors";

export type SecretSource = {
  flag?: string;
  flagName: string;
  envName: "H2HMEM_PASSWORD" | "H2HMEM_TOKEN";
  label: string;
  confirm?: boolean;
};

export async function readSecret(src: SecretSource): Promise<string> {
  if (src.flag !== undefined) {
    process.stderr.write(
      `h2hmem: warning: ${src.flagName} on the command line is visible to other users of this machine and kept in shell history; prefer ${src.envName} or the prompt.\n`,
    );
    return src.flag;
  }
  const fromEnv = process.env[src.envName];
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY)
    throw new UsageError(
      `no ${src.label}: set ${src.envName}, or run in a terminal to be asked for it (or pass ${src.flagName}).`,
    );
  const value = await promptHidden(`${src.label[0]!.toUpperCase()}${src.label.slice(1)}: `);
  if (src.confirm && (await promptHidden(`Repeat the ${src.label}: `)) !== value)
    throw new UsageError(`the two ${src.label}s differ.`);
  return value;
}

function promptHidden(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  process.stderr.write(question);
  // readline echoes what is typed through this method; muted, nothing of the secret is shown.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
  return new Promise((resolve) =>
    rl.question("", (answer) => {
      rl.close();
      process.stderr.write("\n");
      resolve(answer);
    }),
  );
}

/** Only ever from the environment. */
export function ciTokenFromEnv(): string | undefined {
  return process.env.H2HMEM_CI_TOKEN?.trim() || undefined;
}
