export { allEndpoints, allOperations, createClient, endpoints, operations, type SalondeskClient } from './api/index';
export { createSignInClient, type ClientOptions, type SignInClient } from './api/signInClient';
export {
  defineOperation,
  matchOperation,
  PROXY_PATH,
  proxyEndpoints,
  type AnyOperation,
  type Operation,
  type OperationConfig,
  type OperationInput,
  type OperationRequest,
  type OperationResponse,
  type OperationResult,
} from './api/proxy';
export { authEndpoints, oneTimePin, passwordHash } from './api/auth';
export { OUTBOX_CHANNEL, OUTBOX_CHANNEL_LABEL, outboxEndpoints, outboxMessage, type OutboxChannel, type OutboxMessage } from './api/outbox';
export { businessEndpoints } from './api/businesses';
export { dynamicUpdate, scheduleEndpoints, scheduleInput, staticUpdate, type DynamicUpdate, type ScheduleInput, type StaticUpdate } from './api/schedule';
export {
  dayOfWeek,
  duration,
  holiday,
  MASTER_TEMPLATE_ID,
  rotation,
  SCHEDULE_KIND,
  SCHEDULE_KIND_LABEL,
  SCHEDULE_MODE,
  SCHEDULE_MODE_LABEL,
  scheduleActivity,
  scheduleEntry,
  scheduleSettings,
  scheduleStaff,
  scheduleTemplate,
  templateId,
  type Holiday,
  type Rotation,
  type ScheduleActivity,
  type ScheduleEntry,
  type ScheduleKind,
  type ScheduleMode,
  type ScheduleSettings,
  type ScheduleStaff,
  type ScheduleTemplate,
} from './models/schedule';
export {
  applyPublish,
  isDraft,
  isPublished,
  isTemplateEntry,
  materializeTemplate,
  nextDraftFlag,
  planClearDrafts,
  planPublish,
  planRepublish,
  republishRange,
  type DraftFlagEvent,
  type GeneratedEntry,
  type MaterializeOptions,
  type PublishPlan,
  type PublishRequest,
  type RepublishPlan,
} from './rules/scheduleDrafts';
export { entriesOverlap, findOverlap, findOverlapPairwise, overlapGroup, type OverlapCandidate } from './rules/scheduleOverlap';
export { describeRotation, rotationAppliesOn, rotationsShareAWeek, rotationWeeks, weekIndex } from './rules/scheduleRotation';
export { MASTER_TEMPLATE, resolveScheduleSettings, SCHEDULE_DEFAULTS, templateForDay, templatesOf } from './rules/scheduleSettings';
export {
  addDays,
  dayFromNumber,
  dayNumber,
  dayOfWeekOf,
  dayRange,
  daysBetween,
  entryInstants,
  formatDuration,
  formatTime,
  MISSING_END_MINUTES,
  MISSING_START_TIME,
  normalizeEntryTimes,
  parseDuration,
  parseTime,
  ScheduleTimeError,
  snapMinutes,
  todayIn,
  wallClockOf,
  weekStartOf,
  type EntryTimesInput,
  type StoreHours,
} from './rules/scheduleTime';
export {
  defineEndpoint,
  fillPath,
  toRouterPath,
  type Access,
  type AnyEndpoint,
  type Endpoint,
  type EndpointConfig,
  type Schema,
  type EndpointInput,
  type EndpointRequest,
  type EndpointResponse,
  type EndpointResult,
  type HttpMethod,
} from './api/endpoint';
export { createTransport, CSRF_HEADER, CSRF_HEADER_VALUE, type RequestOptions, type Transport, type TransportEvents, type TransportOptions } from './api/transport';
export { API_ERROR_CODE, ApiError, codeForStatus, isApiError, type ApiErrorCode, type ApiIssue } from './errors';
export { categoryExists, MESSAGES, schedulePublishedFor, type Message, type MessageKey } from './messages';
export {
  business,
  BUSINESS_STATUS,
  BUSINESS_STATUS_LABEL,
  businessInfo,
  businessSummary,
  CURRENCY,
  CURRENCY_SYMBOL,
  DEFAULT_TIMEZONE,
  network,
  type Business,
  type BusinessInfo,
  type BusinessStatus,
  type BusinessSummary,
  type Currency,
  type Network,
} from './models/business';
export { failureEnvelope, successEnvelope, type FailureEnvelope } from './models/envelope';
export { day, id, instant, timeOfDay, type Id } from './models/ids';
export { isOtpChallenge, loginResult, otpChallenge, session, type LoginResult, type OtpChallenge, type Session } from './models/session';
export { acl, isAdmin, ROLE, ROLE_LABEL, UNRESTRICTED, user, type Acl, type Role, type User } from './models/user';
export {
  can,
  isUnrestricted,
  PERMISSION_IMPLIES,
  PERMISSION_KEYS,
  PERMISSION_LABEL,
  userCan,
  withRoleDefaults,
  type PermissionKey,
  type RoleParameters,
} from './rules/acl';
export { canSeeBusiness, type BusinessGrants, type BusinessRef } from './rules/access';
export { formatMoney } from './rules/money';
export { hashPassword, PASSWORD_HASH_PATTERN } from './rules/password';
export { maskPhone, normalizeCountryCode, normalizeFullPhone, normalizePhone, NORMALIZED_PHONE_PATTERN } from './rules/phone';
export {
  BYPASS_WORDS,
  businessIdFromPath,
  businessPath,
  bypassesBusinessCheck,
  pathCheck,
  PUBLIC_PATH_MARKERS,
  skipsAuthInit,
  switchBusinessPath,
  type PathCheck,
} from './rules/routes';
export {
  createMemoryStorage,
  createSessionStore,
  SESSION_STORAGE_KEYS,
  type ConnectivityEvents,
  type KeyValueStorage,
  type SessionState,
  type SessionStatus,
  type SessionStorageKeys,
  type SessionStore,
  type SessionStoreOptions,
  type SignOutReason,
} from './stores/session';
