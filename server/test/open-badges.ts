import fs from 'node:fs';
import { Ajv2019 } from 'ajv/dist/2019';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

/** Where 1EdTech publishes the Open Badges 3.0 AchievementCredential schema (VC Data Model 2.0). */
export const OB_SCHEMA_URL =
  'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json';

/** The vendored copy, as 1EdTech published it in 2024 (fixtures/open-badges/README.md). */
export const vendoredObSchema = JSON.parse(
  fs.readFileSync(new URL('./fixtures/open-badges/ob_v3p0_achievementcredential_schema.json', import.meta.url), 'utf8'),
) as Json & { properties: Json };

/**
 * The schema as 1EdTech publishes it now: the vendored copy with the one change of October 2025,
 * a `proof` that may be a single object (Open Badges 3.0 §Serialization, "Compacted document
 * form", lists AchievementCredential.proof), as the DCC verifier's tests expect since then.
 */
export const obSchema: Json = {
  ...vendoredObSchema,
  properties: {
    ...vendoredObSchema.properties,
    proof: { oneOf: [{ $ref: '#/$defs/Proof' }, vendoredObSchema.properties.proof] },
  },
};

function validator(schema: Json) {
  // Ajv's strict mode stays on; only its warning about the `@context` tuple (two leading items, then
  // any contexts, as 1EdTech writes it) is silenced.
  const ajv = new Ajv2019({ allErrors: true, strictTuples: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return (credential: Json): string[] =>
    validate(credential)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** What the 1EdTech schema finds wrong with a credential, one line a problem: [] when it is valid. */
export const schemaProblems = validator(obSchema);

/** The same, by the vendored copy as it stands. */
export const vendoredSchemaProblems = validator(vendoredObSchema);
