// `h2hmem --help` lists the commands from cli/commands/catalog.ts without loading them: each
// catalog line must be what commander prints for the command once it is registered for real.
import { Command, Help } from "commander";
import { describe, expect, it } from "vitest";
import { buildProgram } from "@/cli/program";
import { COMMAND_CATALOG, type CommandName } from "@/cli/commands/catalog";

describe("the command catalog", () => {
  it.each(Object.keys(COMMAND_CATALOG) as CommandName[])(
    "%s: the listed term and description are the command's own",
    async (name) => {
      const program = await buildProgram([name]);
      const cmd = program.commands.find((c) => c.name() === name);
      expect(cmd).toBeDefined();
      expect(new Help().subcommandTerm(cmd!)).toBe(COMMAND_CATALOG[name].term);
      expect(cmd!.description()).toBe(COMMAND_CATALOG[name].description);
    },
  );

  it("the overview lists every command without registering any of their options", async () => {
    const program = await buildProgram(["--help"]);
    expect(program.commands.map((c: Command) => c.name())).toEqual(Object.keys(COMMAND_CATALOG));
    expect(program.commands.every((c: Command) => c.options.length === 0)).toBe(true);
    const help = program.helpInformation();
    for (const entry of Object.values(COMMAND_CATALOG)) expect(help).toContain(entry.term);
  });

  it("help NAME and NAME load that command only", async () => {
    for (const argv of [
      ["help", "score"],
      ["score", "--help"],
    ]) {
      const program = await buildProgram(argv);
      expect(program.commands.map((c: Command) => c.name())).toEqual(["score"]);
    }
  });
});
