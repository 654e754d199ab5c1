// Each command module is loaded only when it runs, so keep its top level light.
// To add one: cli/commands/<name>.ts exporting register(), a line in catalog.ts and in COMMANDS.
import { Command } from "commander";
import { versionLine } from "./version";
import { COMMAND_CATALOG, type CommandName } from "./commands/catalog";

type CommandModule = { register: (program: Command) => void };

const COMMANDS: Record<CommandName, () => Promise<CommandModule>> = {
  validate: () => import("./commands/validate"),
  score: () => import("./commands/score"),
  submit: () => import("./commands/submit"),
  "answer-key": () => import("./commands/answer-key"),
  user: () => import("./commands/user"),
  token: () => import("./commands/token"),
  judge: () => import("./commands/judge"),
  backup: () => import("./commands/backup"),
  restore: () => import("./commands/restore"),
  demo: () => import("./commands/demo"),
  submission: () => import("./commands/submission"),
  verify: () => import("./commands/verify"),
  receipt: () => import("./commands/receipt"),
};

const isCommand = (name: string | undefined): name is CommandName =>
  name !== undefined && Object.hasOwn(COMMANDS, name);

/** Loads only the command `argv` names; anything else lists the catalog. */
export async function buildProgram(argv: readonly string[] = []): Promise<Command> {
  const program = new Command("h2hmem")
    .description("H2HMem leaderboard tools: validate and score prediction files, manage the server.")
    .version(await versionLine(), "-V, --version", "print the CLI's version and its scorer version")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride(); // inherited by subcommands: lets main() map commander errors to exit 2
  const words = argv.filter((a) => !a.startsWith("-"));
  const named = words[0] === "help" ? words[1] : words[0];
  if (isCommand(named)) {
    (await COMMANDS[named]()).register(program);
    return program;
  }
  for (const [name, entry] of Object.entries(COMMAND_CATALOG)) program.command(name).description(entry.description);
  const plain = program.createHelp(); // before configureHelp: commander's own term (for `help [command]`)
  program.configureHelp({
    subcommandTerm: (cmd) => {
      const name = cmd.name();
      return isCommand(name) ? COMMAND_CATALOG[name].term : plain.subcommandTerm(cmd);
    },
  });
  return program;
}
