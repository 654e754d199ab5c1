// A small parser for the subset of the Prisma schema language this project uses
// (models, enums, scalar/enum/relation fields, @id @unique @map @db.*, @@id @@unique
// @@index @@map). Used by the schema-parity test: Prisma 7 ships no offline DMMF API
// and the generated client's runtime model lacks nullability and unique constraints.

export type ParsedField = {
  name: string;
  column: string;
  type: string;
  kind: "scalar" | "enum" | "relation";
  optional: boolean;
  list: boolean;
  nativeType: string | null; // e.g. "VarChar(255)" from @db.VarChar(255)
};
export type ParsedModel = {
  name: string;
  table: string;
  fields: ParsedField[];
  primaryKey: string[]; // column names
  uniques: string[][]; // column names per unique constraint
  indexes: string[][];
};
export type ParsedSchema = { models: ParsedModel[]; enums: Record<string, string[]> };

const SCALARS = new Set(["String", "Int", "BigInt", "Float", "Decimal", "Boolean", "DateTime", "Json", "Bytes"]);

function stripComments(text: string): string {
  // Only `//` line comments exist in Prisma; strings in this schema never contain `//`
  // except URLs inside @default, which we do not need.
  return text
    .split("\n")
    .map((line) => line.replace(/\/\/.*$/, ""))
    .join("\n");
}

function blocks(text: string, keyword: string): Array<{ name: string; body: string }> {
  const re = new RegExp(`^\\s*${keyword}\\s+(\\w+)\\s*\\{([\\s\\S]*?)^\\s*\\}`, "gm");
  return [...text.matchAll(re)].map((m) => ({ name: m[1], body: m[2] }));
}

function fieldList(attr: string): string[] {
  // "[a, b(sort: Desc), c]" -> ["a", "b", "c"]
  const inner = attr.slice(attr.indexOf("[") + 1, attr.indexOf("]"));
  return inner
    .split(",")
    .map((s) => s.trim().replace(/\(.*\)$/, ""))
    .filter(Boolean);
}

export function parsePrismaSchema(source: string): ParsedSchema {
  const text = stripComments(source);
  const enums: Record<string, string[]> = {};
  for (const { name, body } of blocks(text, "enum")) {
    enums[name] = body
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("@@"))
      .map((l) => l.split(/\s+/)[0]);
  }
  const modelBlocks = blocks(text, "model");
  const modelNames = new Set(modelBlocks.map((b) => b.name));
  const models = modelBlocks.map(({ name, body }) => parseModel(name, body, modelNames, enums));
  return { models, enums };
}

function parseModel(name: string, body: string, modelNames: Set<string>, enums: Record<string, string[]>): ParsedModel {
  const fields: ParsedField[] = [];
  const blockAttrs: string[] = [];
  const fieldUniques: string[][] = [];
  let idFields: string[] = [];
  let table = name;
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith("@@")) {
      blockAttrs.push(line);
      continue;
    }
    const m = /^(\w+)\s+(\w+)(?!\w)(\[\])?(\?)?\s*(\S.*)?$/.exec(line);
    if (!m) throw new Error(`cannot parse field line in model ${name}: ${line}`);
    const [, fname, ftype, list, opt, attrs = ""] = m;
    const kind = modelNames.has(ftype) ? "relation" : ftype in enums ? "enum" : "scalar";
    if (kind === "scalar" && !SCALARS.has(ftype)) throw new Error(`unknown type ${ftype} for ${name}.${fname}`);
    const column = /@map\("([^"]+)"\)/.exec(attrs)?.[1] ?? fname;
    const nativeType = /@db\.(\w+(?:\([^)]*\))?)/.exec(attrs)?.[1] ?? null;
    fields.push({ name: fname, column, type: ftype, kind, optional: Boolean(opt), list: Boolean(list), nativeType });
    if (/@id\b/.test(attrs)) idFields = [column];
    if (/@unique\b/.test(attrs)) fieldUniques.push([column]);
  }
  const col = (f: string) => fields.find((x) => x.name === f)?.column ?? f;
  const uniques = [...fieldUniques];
  const indexes: string[][] = [];
  for (const attr of blockAttrs) {
    if (attr.startsWith("@@map(")) table = /@@map\("([^"]+)"\)/.exec(attr)?.[1] ?? table;
    else if (attr.startsWith("@@id(")) idFields = fieldList(attr).map(col);
    else if (attr.startsWith("@@unique(")) uniques.push(fieldList(attr).map(col));
    else if (attr.startsWith("@@index(")) indexes.push(fieldList(attr).map(col));
  }
  return { name, table, fields, primaryKey: idFields, uniques, indexes };
}
