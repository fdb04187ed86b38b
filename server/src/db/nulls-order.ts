import {
  ColumnNode, OperationNodeTransformer, OrderByItemNode, RawNode, ReferenceNode, TableNode,
  type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow,
} from 'kysely';

/**
 * Sort columns that may hold NULL (a title without a rating, a person without a birth date), as `table.column`. The
 * indexes behind them are built with NULLS FIRST on PostgreSQL (migration 0048) so both directions walk them.
 */
export const NULLABLE_SORT_COLUMNS = new Set([
  'titles.popularity', 'titles.release_date', 'titles.rating', 'titles.runtime', 'titles.budget', 'titles.revenue',
  'people.popularity', 'people.birth_date',
  'episodes.release_date', 'episodes.popularity', 'episodes.rating',
  'seasons.release_date',
]);

function columnOf(node: OrderByItemNode): string | null {
  if (!ReferenceNode.is(node.orderBy)) return null;
  const { column, table } = node.orderBy;
  if (!ColumnNode.is(column) || !table || !TableNode.is(table)) return null;
  return `${table.table.identifier.name}.${column.column.name}`;
}

const isDesc = (node: OrderByItemNode) => node.direction !== undefined && RawNode.is(node.direction) && node.direction.sqlFragments.join('').trim().toLowerCase() === 'desc';

class NullsLikeSqlite extends OperationNodeTransformer {
  protected override transformOrderByItem(node: OrderByItemNode): OrderByItemNode {
    const item = super.transformOrderByItem(node);
    if (item.nulls) return item;
    const column = columnOf(item);
    if (!column || !NULLABLE_SORT_COLUMNS.has(column)) return item;
    return OrderByItemNode.cloneWith(item, { nulls: isDesc(item) ? 'last' : 'first' });
  }
}

/**
 * PostgreSQL sorts NULL as the largest value, SQLite as the smallest: "most popular" or "best rated" first put every
 * title without a figure at the top on PostgreSQL and at the bottom on SQLite. This plugin makes PostgreSQL order the
 * nullable sort columns as SQLite does (NULLS FIRST ascending, NULLS LAST descending), so lists read the same on both.
 */
export class NullsOrderPlugin implements KyselyPlugin {
  private transformer = new NullsLikeSqlite();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

