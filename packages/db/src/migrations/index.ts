import type { Migration } from 'kysely';
import * as domain from './20261121T1000_domain';
import * as rateLimits from './20261121T1100_rate_limits';
import * as publicSite from './20261121T1500_public_site';
import * as oneRateLimiter from './20261121T1715_one_rate_limiter';
import * as introductions from './20261122T1100_introductions';
import * as selfMatching from './20261122T1200_self_matching';
import * as adminSearch from './20261122T1300_admin_search';
import * as outbox from './20261122T2300_outbox';
import * as deepPages from './20261123T0000_deep_pages';
import * as messageNotify from './20261123T1000_message_notify';
import * as introductionOwnerFields from './20261123T1100_introduction_owner_fields';
import * as specialCategory from './20261123T1200_special_category';
import * as oneOpenReport from './20261124T1100_one_open_report';
import * as matchRequests from './20261124T1130_match_requests';
import * as messageReadNotify from './20261124T1400_message_read_notify';
import * as identityVerification from './20261124T1430_identity_verification';
import * as profileVisibility from './20261124T1500_profile_visibility';
import * as memberSearchPreferences from './20261124T1510_member_search_preferences';
import * as consoleMembers from './20261124T1530_console_members';
import * as videoCalls from './20261124T1620_video_calls';
import * as events from './20261124T1630_events';
import * as premiumPayments from './20261124T1640_premium_payments';
import * as verifiedMembersFilter from './20261124T1650_verified_members_filter';
import * as callHeartbeats from './20261124T2000_call_heartbeats';
import * as notifications from './20261128T2150_notifications';
import * as reportsOutliveReporter from './20261128T2152_reports_outlive_reporter';
import * as membersTableCountryIndex from './20261128T2211_members_table_country_index';
import * as callSignalsRecipientIndex from './20261129T0150_call_signals_recipient_index';

/**
 * Every migration, by its timestamped name. A static list rather than a folder scan so that the bundled server,
 * the tests and the CLI all run exactly the same set. Add a new file and one line here.
 */
export const migrations: Record<string, Migration> = {
  '20261121T1000_domain': domain,
  '20261121T1100_rate_limits': rateLimits,
  '20261121T1500_public_site': publicSite,
  '20261121T1715_one_rate_limiter': oneRateLimiter,
  '20261122T1100_introductions': introductions,
  '20261122T1200_self_matching': selfMatching,
  '20261122T1300_admin_search': adminSearch,
  '20261122T2300_outbox': outbox,
  '20261123T0000_deep_pages': deepPages,
  '20261123T1000_message_notify': messageNotify,
  '20261123T1100_introduction_owner_fields': introductionOwnerFields,
  '20261123T1200_special_category': specialCategory,
  '20261124T1100_one_open_report': oneOpenReport,
  '20261124T1130_match_requests': matchRequests,
  '20261124T1400_message_read_notify': messageReadNotify,
  '20261124T1430_identity_verification': identityVerification,
  '20261124T1500_profile_visibility': profileVisibility,
  '20261124T1510_member_search_preferences': memberSearchPreferences,
  '20261124T1530_console_members': consoleMembers,
  '20261124T1620_video_calls': videoCalls,
  '20261124T1630_events': events,
  '20261124T1640_premium_payments': premiumPayments,
  '20261124T1650_verified_members_filter': verifiedMembersFilter,
  '20261124T2000_call_heartbeats': callHeartbeats,
  '20261128T2150_notifications': notifications,
  '20261128T2152_reports_outlive_reporter': reportsOutliveReporter,
  '20261128T2211_members_table_country_index': membersTableCountryIndex,
  '20261129T0150_call_signals_recipient_index': callSignalsRecipientIndex,
};
