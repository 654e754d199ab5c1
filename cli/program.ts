// The h2hmem program: its commands, each loaded when it runs. To add a command: create
// cli/commands/<name>.ts exporting `register(program: Command): void`, add its help line to
// cli/commands/catalog.ts and one line to COMMANDS below. A command module is loaded only when that
// command runs (`h2hmem --help` lists the catalog and loads none), so keep its top level light:
// import what the action needs inside the action.
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
};

const isCommand = (name: string | undefined): name is CommandName =>
  name !== undefined && Object.hasOwn(COMMANDS, name);

/**
 * The program with the command `argv` names (also for `help NAME`) loaded; for anything else (the
 * overview, --version, an unknown command) every command as its catalog line, none loaded.
 */
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
