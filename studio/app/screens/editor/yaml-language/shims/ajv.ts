/**
 * Stand-in for Ajv in the worker. yaml-language-server 1.25 builds four Ajv instances at load time
 * only to check schemas against their JSON Schema meta-schema and to name each schema's draft. The
 * real Ajv compiles those meta-schemas with `new Function` (which a strict CSP without
 * 'unsafe-eval' refuses) and weighs more than the rest of the service; the page schema is
 * generated and checked by the schema tests anyway. So: every schema is valid, and `defaultMeta`
 * still names the right draft, because the service compares `$schema` with it to pick its
 * draft-04/07/2019/2020 rules.
 */
export function ajvStub(defaultMeta: string) {
  const valid = Object.assign(() => true, { errors: null });
  return class AjvStub {
    defaultMeta(): string {
      return defaultMeta;
    }
    getSchema(): typeof valid {
      return valid;
    }
    validateSchema(): boolean {
      return true;
    }
  };
}

export default ajvStub('http://json-schema.org/draft-07/schema');
