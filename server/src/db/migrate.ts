import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DbHandle } from './index.ts';
import { columnKit, type ColumnKit } from './migrations/kit.ts';
import * as m0001 from './migrations/0001_foundation.ts';
import * as m0010 from './migrations/0010_table_versions.ts';
import * as m0011 from './migrations/0011_auth_version_verified.ts';
import * as m0002 from './migrations/0002_tags.ts';
import * as m0009 from './migrations/0009_custom_pages.ts';
import * as m0003 from './migrations/0003_localizations.ts';
import * as m0004 from './migrations/0004_file_entries.ts';
import * as m0007 from './migrations/0007_catalogue.ts';
import * as m0005 from './migrations/0005_jobs.ts';
import * as m0013 from './migrations/0013_social_profiles.ts';
import * as m0015 from './migrations/0015_file_disk.ts';
import * as m0020 from './migrations/0020_catalogue_counters.ts';
import * as m0021 from './migrations/0021_browse_indexes.ts';
import * as m0023 from './migrations/0023_plays.ts';
import * as m0025 from './migrations/0025_channels.ts';
import * as m0031 from './migrations/0031_audit_log.ts';
import * as m0029 from './migrations/0029_perf_indexes.ts';
import * as m0030 from './migrations/0030_transcodes.ts';
import * as m0026 from './migrations/0026_reviews_comments.ts';
import * as m0028 from './migrations/0028_news.ts';
import * as m0032 from './migrations/0032_billing.ts';
import * as m0033 from './migrations/0033_reports.ts';
import * as m0034 from './migrations/0034_tokens_2fa.ts';
import * as m0035 from './migrations/0035_subscription_gateway_unique.ts';
import * as m0036 from './migrations/0036_report_visitors.ts';
import * as m0037 from './migrations/0037_subscription_list_indexes.ts';
import * as m0038 from './migrations/0038_report_days.ts';
import * as m0039 from './migrations/0039_site_indexes.ts';
import * as m0040 from './migrations/0040_visitor_long_gaps.ts';
import * as m0041 from './migrations/0041_retired_gateway_ids.ts';
import * as m0042 from './migrations/0042_progress_duration.ts';
import * as m0043 from './migrations/0043_channel_item_versions.ts';
import * as m0044 from './migrations/0044_expiry_indexes.ts';
import * as m0045 from './migrations/0045_account_self_service.ts';
import * as m0046 from './migrations/0046_rating_column.ts';
import * as m0047 from './migrations/0047_video_votes.ts';
import * as m0048 from './migrations/0048_nulls_order.ts';
import * as m0049 from './migrations/0049_one_tag_store.ts';
import * as m0050 from './migrations/0050_search_ignores_accents.ts';
import * as m0051 from './migrations/0051_admin_search_ignores_accents.ts';
import * as m0052 from './migrations/0052_subscription_notices.ts';
import * as m0053 from './migrations/0053_notifications.ts';
import * as m0054 from './migrations/0054_notification_mutes.ts';
import * as m0055 from './migrations/0055_notification_emails.ts';
import * as m0056 from './migrations/0056_notification_email_tokens.ts';
import * as m0057 from './migrations/0057_video_progress_user_updated.ts';
import * as m0058 from './migrations/0058_list_content_order.ts';
import * as m0059 from './migrations/0059_video_name_search.ts';
import * as m0060 from './migrations/0060_email_proven.ts';
import * as m0061 from './migrations/0061_channel_orphans.ts';
import * as m0063 from './migrations/0063_credit_origin.ts';
import * as m0064 from './migrations/0064_feedback_orphans.ts';
import * as m0068 from './migrations/0068_comment_reply_counts.ts';
import * as m0071 from './migrations/0071_session_remember.ts';
import * as m0075 from './migrations/0075_search_fold_case.ts';
import * as m0076 from './migrations/0076_split_create_view_permissions.ts';
import * as m0077 from './migrations/0077_seed_completed.ts';
import * as m0078 from './migrations/0078_title_tag_origin.ts';
import * as m0079 from './migrations/0079_title_edited_fields.ts';
import * as m0080 from './migrations/0080_custom_page_redirects.ts';
import * as m0083 from './migrations/0083_person_edited_fields.ts';
import * as m0084 from './migrations/0084_season_episode_edited_fields.ts';
import * as m0085 from './migrations/0085_title_import_removals.ts';
import * as m0086 from './migrations/0086_transcode_output_size.ts';
import * as m0089 from './migrations/0089_video_file_lookup.ts';
import * as m0090 from './migrations/0090_search_modes.ts';
import * as m0093 from './migrations/0093_play_places.ts';
import * as m0094 from './migrations/0094_list_sorts_and_people_counts.ts';
import * as m0098 from './migrations/0098_video_list_counts.ts';
import * as m0062 from './migrations/0062_stored_objects.ts';

type Module = { up(db: any, k: ColumnKit): Promise<void>; down?(db: any, k: ColumnKit): Promise<void> };
/** Versioned migrations, applied in name order at start. Add new ones at the end. */
const MIGRATIONS: Record<string, Module> = {
  '0001_foundation': m0001,
  '0010_table_versions': m0010,
  '0011_auth_version_verified': m0011,
  '0002_tags': m0002,
  '0009_custom_pages': m0009,
  '0003_localizations': m0003,
  '0004_file_entries': m0004,
  '0007_catalogue': m0007,
  '0005_jobs': m0005,
  '0013_social_profiles': m0013,
  '0015_file_disk': m0015,
  '0020_catalogue_counters': m0020,
  '0021_browse_indexes': m0021,
  '0023_plays': m0023,
  '0025_channels': m0025,
  '0029_perf_indexes': m0029,
  '0031_audit_log': m0031,
  '0030_transcodes': m0030,
  '0026_reviews_comments': m0026,
  '0028_news': m0028,
  '0032_billing': m0032,
  '0033_reports': m0033,
  '0034_tokens_2fa': m0034,
  '0035_subscription_gateway_unique': m0035,
  '0036_report_visitors': m0036,
  '0037_subscription_list_indexes': m0037,
  '0038_report_days': m0038,
  '0039_site_indexes': m0039,
  '0040_visitor_long_gaps': m0040,
  '0041_retired_gateway_ids': m0041,
  '0042_progress_duration': m0042,
  '0043_channel_item_versions': m0043,
  '0044_expiry_indexes': m0044,
  '0045_account_self_service': m0045,
  '0046_rating_column': m0046,
  '0047_video_votes': m0047,
  '0048_nulls_order': m0048,
  '0049_one_tag_store': m0049,
  '0050_search_ignores_accents': m0050,
  '0051_admin_search_ignores_accents': m0051,
  '0052_subscription_notices': m0052,
  '0053_notifications': m0053,
  '0054_notification_mutes': m0054,
  '0055_notification_emails': m0055,
  '0056_notification_email_tokens': m0056,
  '0057_video_progress_user_updated': m0057,
  '0058_list_content_order': m0058,
  '0059_video_name_search': m0059,
  '0060_email_proven': m0060,
  '0061_channel_orphans': m0061,
  '0063_credit_origin': m0063,
  '0064_feedback_orphans': m0064,
  '0068_comment_reply_counts': m0068,
  '0071_session_remember': m0071,
  '0075_search_fold_case': m0075,
  '0076_split_create_view_permissions': m0076,
  '0077_seed_completed': m0077,
  '0078_title_tag_origin': m0078,
  '0079_title_edited_fields': m0079,
  '0080_custom_page_redirects': m0080,
  '0083_person_edited_fields': m0083,
  '0084_season_episode_edited_fields': m0084,
  '0085_title_import_removals': m0085,
  '0086_transcode_output_size': m0086,
  '0089_video_file_lookup': m0089,
  '0090_search_modes': m0090,
  '0093_play_places': m0093,
  '0094_list_sorts_and_people_counts': m0094,
  '0098_video_list_counts': m0098,
  '0062_stored_objects': m0062,
};

/** Runs the migrations not yet run, all of them or up to and including `until` (tests of a migration's data step). */
export async function migrate(handle: DbHandle, until?: keyof typeof MIGRATIONS): Promise<void> {
  const kit = columnKit(handle.dialect);
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, mod] of Object.entries(MIGRATIONS)) {
        out[name] = { up: (db) => mod.up(db, kit), down: mod.down ? (db) => mod.down!(db, kit) : undefined };
      }
      return out;
    },
  };
  const migrator = new Migrator({ db: handle.db, provider, allowUnorderedMigrations: true });
  const { error, results } = await (until ? migrator.migrateTo(until) : migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  // The cause keeps the driver's error (its code says "connection refused" or "wrong password" to main.ts).
  if (error || failed) {
    const what = failed ? `Migration ${failed.migrationName} failed` : 'Migrations could not run';
    throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
