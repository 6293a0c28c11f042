import {
  CompiledQuery,
  createQueryId,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** A statement an app sent, with the step of the test it was sent in. */
export interface LoggedStatement {
  step: string;
  sql: string;
  parameters: readonly unknown[];
}

/**
 * Records the SQL statements an app sends (with their parameters) while a step runs: hand
 * it to createTestApp as `{ wrapDb: (db) => db.withPlugin(log) }` and run each call inside
 * `log.during(step, …)`. Statements sent outside a step are not kept.
 */
export class StatementLog implements KyselyPlugin {
  private step: string | undefined;
  private readonly nodes: { step: string; node: RootOperationNode }[] = [];

  transformQuery(args: PluginTransformQueryArgs) {
    if (this.step) this.nodes.push({ step: this.step, node: args.node });
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /** Runs `fn` with every statement it sends kept under `step`. */
  async during<T>(step: string, fn: () => Promise<T>): Promise<T> {
    this.step = step;
    try {
      return await fn();
    } finally {
      this.step = undefined;
    }
  }

  /** The statements kept, compiled as `db` sends them. */
  statements(db: Kysely<never>): LoggedStatement[] {
    const executor = db.getExecutor();
    return this.nodes.map(({ step, node }) => {
      const compiled = executor.compileQuery(node, createQueryId());
      return { step, sql: compiled.sql, parameters: compiled.parameters };
    });
  }
}

/** One node of a plan as EXPLAIN (FORMAT JSON) writes it. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The plan PostgreSQL would run the statement with (not run: EXPLAIN without ANALYZE), as a flat list of its nodes. */
export async function planNodes(db: Kysely<never>, statement: Pick<LoggedStatement, 'sql' | 'parameters'>): Promise<PlanNode[]> {
  const res = await db.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${statement.sql}`, [...statement.parameters]),
  );
  const nodes: PlanNode[] = [];
  const walk = (n: PlanNode) => {
    nodes.push(n);
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(res.rows[0]!['QUERY PLAN'][0]!.Plan);
  return nodes;
}
