/**
 * The message catalogue: every message a person sees, exactly as the product words it
 * (spec 000 §5 and §8, spec 001 §5 and §8). Typos are the product's own ("busines",
 * "Sucessfully", "ransactions") and are kept on purpose: customers and support search for them.
 *
 * Screens and the API server use these constants; no message is written inline anywhere else.
 */
export const MESSAGES = {
  // ── General (spec 000 §8) ────────────────────────────────────────────────────────────
  requestFailed: 'Ooops Something went wrong',
  serverOffline: 'Dam server is currently offline !',
  pleaseLogIn: 'Please log in to continue.',
  noBusinessPermission: 'You do not have permission to access this busines information.',

  // ── Error toasts (spec 000 §8) ───────────────────────────────────────────────────────
  failedToFetchBusinessSettings: 'Failed to fetch business settings!',
  failedToFetchBusinessData: 'Failed to fetch business data',
  unknownErrorOccurred: 'Unknown Error Occurred',
  failedToAddNewSetting: 'Failed to add new setting!',
  failedToUpdateSetting: 'Failed to update setting!',
  failedToFetchEmployees: 'Failed to fetch employees!',
  failedToUpdateUsername: 'Failed to update username',
  failedToUpdateAppointmentVisibility: 'Failed to update appointment visibility',
  failedToUpdateEmployee: 'Failed to update employee',
  unknownErrorOccurredBang: 'Unknown Error occurred!',
  failedToUpdateData: 'Failed to update data',
  failedToDeleteSchedule: 'Failed to delete schedule',
  couldntPublishSchedules: "Couldn't Publish Schedules",
  templateNotFound: 'Template Not Found',
  failedToFetchPivotReports: 'Failed to fetch pivot reports',
  failedToFetchCustomReports: 'Failed to fetch custom reports',
  failedToFetchCustomReportSettings: 'Failed to fetch custom report settings',
  failedToAdd: 'Failed to add',
  failedToSave: 'Failed to save',
  failedToUpdate: 'Failed to update',
  failedToCopyReport: 'Failed to copy report',
  requestFailedShort: 'Request failed',
  failedToGetTransactionsData: 'Failed to get transactions data',
  failedToGetAppointmentData: 'Failed to get appointment data',
  failedToFetchData: 'Failed to fetch data',
  failedToRunQuery: 'Failed to run query',
  failedToFetchCardDetails: 'Failed to fetch card details',
  failedToAddDataSource: 'Failed to add data source',
  failedToFetchReportParams: 'Failed to fetch report params',

  // ── Other errors and validation (spec 000 §4, §5, §8) ────────────────────────────────
  websitePublishFailed: "Oops, we couldn't publish your website.",
  previewNotReady: 'Please check preview after some time.',
  websiteNotReadyYet: 'Please wait... Your website will be ready in few minutes.',
  overlappingSchedules: 'Cannot Set Overlapping Schedules',
  invalidDate: 'Invalid Date',

  // ── Success toasts (spec 000 §8) ─────────────────────────────────────────────────────
  addedSetting: 'Added Setting Successfully',
  settingUpdated: 'Setting Updated Successfully',
  usernameUpdated: 'Username updated successfully.',
  employeeUpdated: 'Employee updated successfully.',
  successfullyAdded: 'Successfully added',
  successfullyUpdated: 'Successfully updated',
  successfullyRestored: 'Successfully restored',
  successfullyDeleted: 'Successfully deleted',
  reportMarkedForDeletion: 'Report marked for deletion',
  reportUpdated: 'Report Updated Successfully',
  draftsPublished: 'Drafts published to schedules',
  draftsCleared: 'Drafts cleared successfully',
  draftsCopiedFromTemplate: 'Drafts copied from template',
  masterTemplateCleared: 'Master Template cleared successfully',
  staffColorAssigned: 'Staff Color assigned',
  passwordChanged: 'Password Changed Successfully',
  loggedIn: 'Sucessfully Logged In',

  // ── Validation (spec 001 §5) ─────────────────────────────────────────────────────────
  cubeAdminOnly: 'Cube API access is restricted to admin users only.',
  noSelectedBusiness: 'No selected business available.',
  receiptNotAvailable: 'Receipt Not Available',
  payoutMismatch: 'Transaction amount did not match stripe payout amount',
  requestNotFulfilled: 'Request could not be fulfilled at this time.',

  // ── Default error messages (spec 001 §8) ─────────────────────────────────────────────
  failedToFetchPayrollDetail: 'Failed to fetch payroll detail!',
  failedToFetchReports: 'Failed to fetch reports!',
  failedToFetchReport: 'Failed to fetch report!',
  failedToFetchInfo: 'Failed to fetch info!',
  failedToFetchProducts: 'Failed to fetch products!',
  somethingWentWrong: 'Something went wrong',
  failedToFetchPayrollData: 'Failed to fetch payroll data!',
  failedToFetchTableSettings: 'Failed to fetch business table settings!',
  failedToFetchEpaySettings: 'Failed to fetch epay settings !',
  failedToUpdateDomain: 'Failed to update domain !',
  failedToFetchSalesSummary: 'Failed to fetch sales summary!',
  failedToFetchTransactions: 'Failed to fetch transactions!',
  failedToFetchPaymentTransactions: 'Failed to fetch payment ransactions!',
  failedToRemoveTransaction: 'Failed to remove transaction',
  failedToGetTransactionInfo: 'Failed to get transaction info',
  errorOccuredTryLater: 'Error occured. Please try again later',
  failedToFetchAggregateSales: 'Failed to fetch aggregate sales!',
  failedToFetchShiftReport: 'Failed to fetch shift report!',
  failedToFetchShiftData: 'Failed to fetch shift data',
  failedToAddFinance: 'Failed to add finance!',
  failedToUpdateFinance: 'Failed to update finance!',
  failedToDeleteFinance: 'Failed to delete finance!',
  failedToUpdateTimesheet: 'Failed to update timesheet',
  failedToClockOut: 'Failed to clock out',
  failedToFetchStaffTimesheets: 'Failed to fetch staff timesheets!',
  failedToFetchActivity: 'Failed to fetch activity',
  failedToUpdateBang: 'Failed to update!',
  failedToFetchPrepaidItems: 'Failed to fetch prepaid items!',
  failedToFetchMembershipItems: 'Failed to fetch membership items!',
  failedToFetchPayoutData: 'Failed to fetch payout data',
  failedToFetchWebPayments: 'Failed to fetch web payments data',
  failedSegmentChange: 'Failed to add, copy or delete customer segment',
  failedSegmentPermission: 'Failed to change customer segment permission',
  // Customer segments: the catalogue's voice where the spec does not word them (spec 001 §8 "Segment messages").
  segmentAdded: 'Segment added successfully',
  segmentUpdated: 'Segment updated successfully',
  segmentDeleted: 'Segment deleted successfully',
  segmentCopied: 'Segment copied successfully',
  segmentPermissionUpdated: 'Segment permission updated successfully',
  failedToFetchSegments: 'Failed to fetch customer segments!',
  segmentNotFound: 'This segment was not found.',
  segmentNameRequired: 'Please enter a segment name',
  segmentNameTaken: 'A segment with this name already exists',
  segmentNotEditor: 'You do not have permission to change this segment.',
  segmentConditionIncomplete: 'Please complete this condition',
  segmentRangeBackwards: 'The end of the range must not be before its start',
  segmentChooseOne: 'Please choose at least one',
  segmentChooseLocation: 'Please choose at least one location',
  segmentUnknownCondition: 'Unknown condition',
  segmentGroupTooBig: 'A group may hold at most 20 conditions or groups',
  segmentTooDeep: 'Groups may be nested at most 5 deep',
  segmentTooManyConditions: 'A segment may hold at most 40 conditions',
  segmentLocationNotAllowed: 'You can only use locations of this network that you can see',
  segmentReferenceCycle: 'A segment cannot include itself',
  segmentReferenceMissing: 'The segment it includes no longer exists',
  segmentInUse: 'This segment is used by another segment; remove it there first',
  segmentUnknownItem: 'Something this segment names does not belong to this location',
  segmentCopyMissing: 'This location has nothing matching',
  segmentCacheMismatch: 'The segment does not apply to this location',
  failedToFetchInventories: 'Failed to fetch inventories!',
  failedToFetchVendors: 'Failed to fetch vendors!',
  failedToFetchPurchaseOrderConfig: 'Failed to fetch purchase order config!',
  failedToFetchDataBang: 'Failed to fetch data!',
  failedToDeleteBang: 'Failed to delete!',
  failedToFetchWaivers: 'Failed to fetch waivers!',
  failedWaiverChange: 'Failed to create, modify, update or delete waiver!',
  // Waivers (issue 18): Salondesk's own wording, in the catalogue's voice.
  waiverNotFound: 'No such waiver in this location.',
  waiverSignatureNotFound: 'No such signature in this location.',
  waiverNameRequired: 'Enter a name for the waiver',
  waiverTextRequired: 'Enter the waiver text',
  waiverSignatureRequired: 'Draw your signature',
  waiverSignatureTooLong: 'The signature is too long. Clear it and sign again.',
  waiverSignedNameRequired: 'Type your full name',
  waiverConsentRequired: 'Tick the box to agree to the waiver',
  waiverCopyTargetRequired: 'Choose at least one location',
  waiverVersionChanged: 'Someone published a newer version of this waiver. Reload it and edit the newest version.',
  waiverTextUnchanged: 'The text is the same as the current version; nothing was published.',
  waiverLinkNotValid: 'This waiver link is not valid',
  waiverAlreadySigned: 'This waiver was already signed with this link.',
  waiverLinkExpired: 'This waiver link has expired. Ask the business for a new one.',
  waiverSigningChanged: 'The waiver was updated while you were reading it. Read the new version and sign again.',
  waiversDisabled: 'Waivers are turned off for this location.',
  waiverUnknownService: 'That service was not found in this location.',
  waiverUnknownCategory: 'That category was not found in this location.',
  waiverUnknownWaiver: 'One of those waivers was not found in this location.',
  waiverCopyNotAllowed: 'You may not copy to one of those locations.',
  waiverCustomerNotFound: 'That client was not found in this location.',
  waiverPublished: 'New version published',
  waiverSigned: 'Thank you. Your signature was saved.',
  waiverLinkCreated: 'Signing link created',
  waiverCopied: 'Waiver copied',

  // ── Success messages (spec 001 §8) ───────────────────────────────────────────────────
  payrollUpdated: 'Business Payroll Updated',
  updatedBang: 'Updated!',
  domainsUpdated: 'Domains Updated Successfully!',
  transactionDeleted: 'Transaction deleted successfully',
  shiftUpdated: 'Shift data updated successfully',
  timesheetUpdated: 'Successfully updated timesheet',
  clockedOut: 'Successfully clocked out',
  updatedSuccessfully: 'Updated successfully',
  addedSuccessfully: 'Added successfully',
  deletedSuccessfully: 'Deleted successfully',
  noImagesFound: 'No images found',

  // ── Worded by Salondesk (the spec leaves these to us) ────────────────────────────────
  // Prepaid cards and memberships (issue 14).
  prepaidCardNotFound: 'No card with that number in the locations you may see.',
  membershipNotFound: 'No such membership in the locations you may see.',
  giftCardNotFound: 'No gift card with that number in this network.',
  giftCardRequired: 'Name the gift card that paid.',
  invalidCredentials: 'Incorrect username or password.',
  invalidRequest: 'The request is not valid.',
  invalidJson: 'The request body is not valid JSON.',
  // Inputs (issue 9): the limits every request is held to (models/ids.ts, models/input.ts, models/inputProblems.ts)
  payloadTooLarge: 'The request body is too large.',
  textHasNul: 'Must not contain a NUL character.',
  textHasLoneSurrogate: 'Must be valid text: it holds half of a character (a lone UTF-16 surrogate).',
  nestedTooDeep: 'Is nested too deeply: at most 32 levels.',
  jsonValueTooDeep: 'A JSON value can be nested at most 16 levels deep.',
  jsonValueTooLarge: 'A JSON value can be at most 65,536 characters long.',
  invalidDay: 'Must be a date as YYYY-MM-DD, from 2000-01-01 to 2099-12-31.',
  invalidInstant: 'Must be a date and time from 2000 to 2099, ISO-8601 with its offset, like 2026-11-02T17:30:00Z.',
  notANumber: 'Must be a number',
  notAWholeNumber: 'Must be a whole number',
  idNotPositive: 'Must be a positive number',
  numberTooLarge: 'Is too large',
  nothingToChange: 'Change at least one field.',
  malformedEscape: 'Has a malformed % escape.',
  malformedUrl: 'The address has a malformed % escape.',
  urlPartTooLong: 'A part of the address is too long.',
  headersTooLarge: 'The address or headers of the request are too large.',
  requestTimedOut: 'The request took too long to arrive.',
  notFound: 'The page or resource was not found.',
  csrfMissing: 'This request is missing its security header. Reload the page and try again.',
  loggedOut: 'You have been logged out.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  serverError: 'The server could not complete the request. Please try again.',
  invalidCode: 'The code is wrong or has expired. Check it, or ask for a new one.',
  codeSent: 'If this phone number belongs to an account, a 6-digit code is on its way.',
  adminCodeSent: 'We sent a 6-digit sign-in code to your email.',
  resetLinkSent: 'If this email belongs to an account, a link to reset the password is on its way.',
  resetLinkInvalid: 'This reset link is wrong, already used or expired. Ask for a new one.',
  invalidPhone: 'Enter a phone number with its country code.',
  scheduleStaffNotFound: 'That staff member is not on this location’s schedule.',
  scheduleNotFound: 'That schedule entry no longer exists. Reload the schedule.',
  scheduleDayOrDow: 'Give a schedule a day or a day of the week, not both.',
  scheduleRotationTemplateOnly: 'A week rotation can only be set on a template entry.',
  scheduleTemplateDates: 'A template’s end day must not be before its start day.',
  scheduleTemplateIds: 'Each template needs its own id, and “master” is taken.',
  scheduleStoreHours: 'Store hours must open before they close.',
  scheduleRangeTooLong: 'Choose at most 62 days at a time.',
  scheduleChangedSinceSummary: 'The schedule changed since this summary was made. Check the changes again before you confirm.',
  holidayDuplicate: 'A day can have only one holiday.',
  // Web payments and payouts (issue 15)
  payoutWeeklyAnchorRequired: 'A weekly payout schedule needs its day of the week (weekly_anchor).',
  payoutMonthlyAnchorRequired: 'A monthly payout schedule needs its day of the month (monthly_anchor, 1 to 31).',
  payoutWeeklyAnchorOnlyWeekly: 'Only a weekly payout schedule has a day of the week: leave weekly_anchor empty.',
  payoutMonthlyAnchorOnlyMonthly: 'Only a monthly payout schedule has a day of the month: leave monthly_anchor empty.',
  payoutDelayDays: 'The payout delay is a whole number of days from 2 to 365.',
  payoutMonthlyAnchor: 'The day of the month is a whole number from 1 to 31.',
  payoutNotFound: 'No such payout in this location.',
  noPaymentProvider: 'This location has no payment provider set up for web payments.',
  payoutImportQueued: 'Payouts are being imported from the provider.',
  payoutScheduleUpdated: 'Payout schedule updated.',
  payoutScheduleUnsupported: 'This location’s payment provider settles on its own schedule: it cannot be read or changed here.',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a few minutes.',
  payoutNotListedByProvider: 'This payout was made by hand: the provider does not list what it paid, so its movements cannot be compared with ours.',
  noPaymentMethodToCharge: 'There is no payment method to charge: add one in Billing first.',
  payoutNoMovementExplains: 'No movement Salondesk knows of explains it: ask the provider for this payout’s balance transactions.',
  // Appointments view and staff visits (issue 12)
  appointmentNoShift: 'No published shift for this staff member on this day.',
  appointmentOutsideShift: 'Outside this staff member’s published shift.',
  appointmentsRangeTooLong: 'Choose at most 14 days of appointments at a time.',

  // Staff, catalogue and settings (issue 5)
  unknownStaffProperty: 'That staff property cannot be changed.',
  invalidStaffUsername: 'A username is 3 to 32 letters, digits, dots, dashes or underscores.',
  usernameTaken: 'That username is already taken. Choose another one.',
  staffNameRequired: 'Enter a name.',
  staffNameTooLong: 'That name is too long.',
  staffNicknameTooLong: 'A nickname is at most 30 characters.',
  staffFullNameRequired: 'Enter the full name.',
  invalidStaffStatus: 'The status must be Active or Inactive.',
  mustBeTrueOrFalse: 'The value must be true or false.',
  mustBeText: 'The value must be text.',
  invalidSchedulerColor: 'A colour is written #RRGGBB, for example #60A5FA.',
  staffNotFound: 'That staff member was not found in this business.',
  aclEscalation: 'You cannot grant a permission you do not have yourself.',
  categoryNotFound: 'That category was not found in this business.',
  serviceNotFound: 'That service was not found in this business.',
  productNotFound: 'That product was not found in this business.',
  categoryNotEmpty: 'Retire the services and products of this category first.',
  invalidCatalogueStatus: 'That status is not one this item can have.',
  invalidAmount: 'Enter an amount of 0 or more.',
  amountTooManyDecimals: 'Use at most two decimals for the cents, like 180.50.',
  amountSeparators: 'Use a point before the cents and commas only between thousands, like 1,250.50.',
  invalidDuration: 'Enter a duration from 0 to 1440 minutes.',
  settingTypeNotFound: 'That setting was not found.',
  settingNotEditable: 'This setting cannot be edited.',
  invalidBoolSetting: 'This setting must be true or false.',
  invalidDecimalSetting: 'This setting must be a number, for example 12.5.',
  invalidJsonSetting: 'This setting must be valid JSON.',
  invalidStringSetting: 'This setting must be text of at most 10,000 characters.',
  invalidOptionSetting: 'Choose one of the listed options.',
  settingListItemRequired: 'Enter a value, or remove this item.',
  settingListNumberItem: 'Each item is a number, for example 15 or 12.5.',
  settingListPercentItem: 'Each item is a percentage from 0 to 100, for example 15 or 12.5.',
  settingListTextTooLong: 'Each item is at most 200 characters.',
  settingListDuplicate: 'This value is already in the list.',
  settingListTooLong: 'A list holds at most 50 items.',
  settingListOfNumbers: 'This setting is a list of numbers, for example [15, 20].',
  settingListOfPercents: 'This setting is a list of percentages from 0 to 100, for example [15, 20].',
  settingListOfTexts: 'This setting is a list of texts, for example ["Morning", "Evening"].',
  invalidSettingType: 'The type must be bool, decimal, json, string or options.',
  invalidSettingName: 'A setting name is letters, digits and underscores, up to 64 characters.',
  optionsRequired: 'A setting of type options needs at least one option.',
  settingValueNotUnique: 'Another location already uses this value.',
  settingNotCopyable: 'This setting cannot be copied to other locations.',
  copyTargetNotAllowed: 'Settings can be copied only to other locations of this network that you may edit.',
  settingCopied: 'Setting copied to the selected locations.',
  invalidBusinessHours: 'Each open day needs an opening time before its closing time.',
  adminOnly: 'Only platform admins can do this.',
  systemSettingNotFound: 'That system setting does not exist.',
  invalidSystemSettingJson: 'The value is not valid JSON. Check the quotes, commas and brackets.',
  systemSettingValueRequired: 'Enter a value as JSON, for example true, 60, "text" or {"refresh": 60}.',
  systemSettingKeyTaken: 'A system setting with this key already exists. Edit it in the list.',
  invalidSystemSettingKey: 'A key is lower-case letters, digits, dots, dashes or underscores (up to 100), starting with a letter or digit.',
  // Saved table settings (issue 10): tablesettings/{name}/get and /update
  invalidTableName: 'A table name is lower-case letters, digits and dashes (up to 64), starting and ending with a letter or digit.',
  tableSettingsTooLarge: 'Table settings can be at most 16,384 characters long.',
  tableSettingsNotFound: 'These table settings were not found: load them again.',
  settingValuesDoNotFit: 'Some locations hold values that do not fit this change; change those values first.',
  // Inventory, vendors and the stock ledger (issue 14)
  invalidQuantity: 'Enter a quantity of 0 or more with at most three decimals, like 12.5.',
  invalidStockUnit: 'The unit must be each, g, kg, ml, l or oz.',
  invalidStockReason: 'The reason must be one of NEWSTOCK, ADJUSTMENT-ADD, ADJUSTMENT-SUB, DAMAGED, LOST, STOLEN, USED, ADJUSTMENT or OTHER.',
  stockBelowZero: 'That would leave less than nothing in stock. Record a recount (ADJUSTMENT) instead.',
  vendorNotFound: 'That vendor was not found in this business.',
  vendorNameTaken: 'A vendor with this name already exists in this business.',
  invalidBarcode: 'That barcode is not a valid EAN-13, UPC-A or Code 128 code: check the digits.',
  barcodeTaken: 'Another product of this business already has this barcode.',
  cacheUpdateNeedsIdsAndValue: 'Both ids and a value are needed.',
  stockAdjusted: 'Stock updated',
  transactionNotFound: 'This transaction was not found.',
  customerNotFound: 'This customer was not found.',
  // Clients and tags (issue 18), in the catalogue's voice
  failedToFetchClients: 'Failed to fetch clients!',
  failedToMergeClients: 'Failed to merge clients!',
  failedToExportClient: 'Failed to export client data!',
  failedToEraseClient: 'Failed to erase client data!',
  failedToFetchTags: 'Failed to fetch tags!',
  failedTagChange: 'Failed to add, update or delete tag!',
  clientsMerged: 'Clients merged successfully',
  clientErased: 'Client data erased',
  clientErasedReadOnly: 'This client’s personal data was erased; the client cannot be changed.',
  clientMergedReadOnly: 'This client was merged into another one; change that client instead.',
  mergeIntoItself: 'A client cannot be merged into itself.',
  mergeDuplicateNotFound: 'Every duplicate must be a client of this location that is not merged or erased.',
  eraseConfirmMismatch: 'Type the client’s number to confirm the erasure.',
  tagNotFound: 'This tag was not found.',
  tagNameTaken: 'A tag with this name already exists.',
  refundRecorded: 'Refund recorded.',
  refundTooMuch: 'The refund is more than what is left to refund on this ticket.',
  refundKeyReused: 'This refund key was already used for a different refund.',
  cannotRefund: 'Only a completed ticket can be refunded.',
  cannotRemove: 'This ticket cannot be deleted: it is already deleted or has refunds.',
  cannotReactivate: 'Only a deleted ticket can go back to the queue.',
  cannotUpdate: 'This ticket cannot be changed in its current status.',
  tenderMismatch: 'The cash, credit and gift amounts must add up to what was paid.',
  staffNotInBusiness: 'The staff member does not work at this business.',
  cardAlreadyAdded: 'This card is already on the dashboard.',
  kpiAlreadyAdded: 'This KPI is already on the dashboard.',
  kpiNotOffered: 'This KPI is not offered. Choose one from the list.',
  dashboardItemNotFound: 'This card is no longer on the dashboard.',
  dashboardChangeNotAllowed: 'Changing the dashboard for everyone here needs the Edit settings permission. You can still hide cards for yourself.',
  dashboardGlobalKpiNotAllowed: 'A KPI shown in every location can be added or removed only by someone who may change every location of the network.',
  businessNotFound: 'This business was not found.',

  // Realtime notifications and admin messages
  failedToFetchNotifications: 'The notifications could not be loaded. Try again.',
  failedToSendAdminMessage: 'The message could not be sent. Try again.',
  failedToMarkNotificationsRead: 'The notifications could not be marked as read. Try again.',
  adminMessageSent: 'Message sent to every admin.',
  adminMessageRequired: 'Write a message.',
  adminMessageTooLong: 'A message is at most 1,000 characters.',
  markReadTarget: 'Choose the notifications to mark as read, or all of them.',
  notificationsMarkedRead: 'Notifications marked as read.',
  realtimeForeignOrigin: 'Live updates are only available on the Salondesk dashboard’s own address.',
  signInLockedTitle: 'Sign-in locked',
  codeSignInLockedTitle: 'Sign-in codes locked',
  addressSignInLockedTitle: 'Sign-in paused for a network address',

  // Error states (issue 9)
  notAuthorized: 'Not authorized',
  pageNotAuthorized: 'Your account may not open this page at this location. Ask an owner for access if you need it.',
  offline: 'You are offline.',
  offlineDetail: 'What is on screen may be out of date. It updates by itself when the connection is back.',
  offlinePage: 'This page opens by itself when the connection is back.',
  pageCrashed: 'Something on this page went wrong. Reload it, or go back to the dashboard.',

  // Forms that help (issue 10)
  unsavedChangesTitle: 'Leave without saving?',
  unsavedChangesDetail: 'Changes on this page are not saved yet. Leave and lose them, or stay and save them.',
  // Exports (issue 10)
  exportFailed: 'The file could not be made. Try again.',
  // Questions and embeds (issue 11, worded by Salondesk)
  questionCardNotFound: 'That card was not found in this business.',
  embedReportNotFound: 'That embed report was not found, or it names no Metabase question.',
  embedLoadFailed: 'The embedded report could not be shown. Try again.',
  // Report catalogue (issue 11), worded by Salondesk
  reportNotFound: 'This report was not found.',
  reportCategoryNotFound: 'This report category was not found.',
  reportDeletedForGood: 'This report was deleted for good; it cannot be changed.',
  reportAlreadyMarked: 'This report is already marked for deletion.',
  reportNotMarked: 'This report is not marked for deletion.',
  reportFunctionName: 'Name the report function: lower-case letters, digits and _, starting with a letter (at most 63).',
  reportMetabaseIdRequired: 'Enter the Metabase question id of an embed report.',
  reportParameterTwice: 'Two parameters have this id.',
  reportParameterTargetTwice: 'Two parameters fill this target.',
  reportColumnTwice: 'Two columns have this key.',
  reportChangeNotAllowed: 'Only the person who created this report, or an owner, may change it.',
  reportCategoriesOwnersOnly: 'Only an owner may add, rename or remove report categories.',
  genericReportsAdminsOnly: 'Only a platform admin may offer a report to every business.',
  reportsTurnedOff: 'Reports are turned off for this location.',
  // Timesheets and the staff clock (issue 12, worded by Salondesk)
  timesheetClockoutBeforeClockin: 'The clock-out must be after the clock-in.',
  timesheetFutureTime: 'A clock-in or clock-out cannot be in the future.',
  timesheetOverlap: 'This slot overlaps another slot of the same person.',
  timesheetTooLong: 'A slot lasts at most 24 hours: check the clock-out.',
  timesheetSlotNotFound: 'That timesheet slot was not found. Reload the timesheet.',
  timesheetSlotTwice: 'This slot is listed twice.',
  timesheetChangedSinceOpened: 'The timesheet of this day changed since you opened it. Reload it and make your change again.',
  timesheetAlreadyClockedOut: 'This slot is already clocked out.',
  timesheetSlotPerson: 'A slot stays with its person: remove it and add one for the other person.',
  timesheetActivityRange: 'Give both the first and the last day, or neither.',
  timesheetActivityNotFound: 'That activity entry was not found. Reload the activity.',
  timesheetChooseStaff: 'Choose who this slot is for.',
  timesheetClockinRequired: 'Enter the clock-in time.',
  timesheetClockoutUnreadable: 'Enter the clock-out time, or leave it empty while still clocked in.',
  timesheetLeftAtRequired: 'Enter the day and time they left.',
  failedToClockIn: 'Failed to clock in',
  clockPinFormat: 'A PIN is 4 to 8 digits.',
  clockPinTooSimple: 'Choose a PIN that is not a run like 1234 or 1111.',
  clockPinWrong: 'That PIN is not right. Try again, or ask a manager to set a new one.',
  clockPinSaved: 'Clock PIN saved.',
  failedToSaveClockPin: 'The clock PIN could not be saved. Try again.',
  // Cash-drawer shifts and finances (issue 13, worded by Salondesk; the §8 ones are above)
  shiftNotFound: 'That shift was not found. Reload the shift report.',
  financeNotFound: 'That finance entry was not found. Reload the shift.',
  shiftAlreadyOpen: 'A drawer is already open at this location: close it before opening another.',
  shiftAlreadyClosed: 'This shift is already closed: someone closed it a moment ago. Reload it to see the count.',
  shiftClosedFinances: 'This shift is closed: its finances change only after a manager reopens it.',
  shiftNotClosed: 'This shift is still open: only a closed shift can be reopened.',
  shiftReopenManagersOnly: 'Only a manager (a user who may edit settings) can reopen a shift.',
  shiftCountMismatch: 'The amount does not match the count by denomination.',
  shiftCountRequired: 'Count the cash in the drawer, by denomination or as an amount.',
  shiftDenominationUnknown: 'This note or coin is not one of the location’s currency.',
  shiftDenominationTwice: 'This note or coin is counted twice.',
  shiftCountTooLarge: 'This count is more than a drawer can hold.',
  shiftCashDropTooLarge: 'The cash drop cannot be more than the cash counted.',
  shiftCashDropTwice: 'This shift already has a cash drop: change that one, or set it when closing.',
  shiftCashierNotStaff: 'This cashier is not a staff member of this location.',
  shiftCashierTwice: 'A cashier cannot be both added and removed at closing.',
  shiftClosedSuccessfully: 'Shift closed.',
  shiftOpenedSuccessfully: 'Drawer opened.',
  shiftReopenedSuccessfully: 'Shift reopened.',
  drawerSettingsSaved: 'Drawer settings saved.',
  failedToOpenShift: 'The drawer could not be opened. Try again.',
  failedToReopenShift: 'The shift could not be reopened. Try again.',
  failedToFetchDrawerSettings: 'The drawer settings could not be loaded.',
  failedToSaveDrawerSettings: 'The drawer settings could not be saved. Try again.',
  failedToFetchDrawerLog: 'The drawer log could not be loaded.',
  // Purchase orders (issue 14, worded by Salondesk)
  poConfigUnknown: 'Choose one of the purchase-order configs: inhand-x-fullquantity, inhand-x-parquantity or belowpar-x-fullquantity.',
  poQuantityInvalid: 'Enter a quantity above 0 with at most 3 decimals.',
  poNoLines: 'A purchase order needs at least one product.',
  poProductTwice: 'A product is on this purchase order twice.',
  poLineTwice: 'A line of this purchase order is listed twice.',
  poNothingReceived: 'Enter the quantity received of at least one line.',
  poLineNotOnOrder: 'That line is not on this purchase order. Reload it.',
  poReceiptMoreThanOrdered: 'This receipt is more than was ordered: receive at most what is still to come.',
  poClosed: 'This purchase order is closed.',
  poNotADraft: 'Only a draft purchase order can be changed or sent.',
  poSendBeforeReceiving: 'Send this purchase order before receiving it.',
  poAlreadyReceived: 'Everything on this purchase order has been received.',
  poNotFound: 'That purchase order was not found. Reload the list.',
  poProductOtherVendor: 'Every product of a purchase order comes from its vendor.',
  poSent: 'Purchase order sent',
  poCreated: 'Purchase order created',
  poReceived: 'Receipt recorded',
  poClosedDone: 'Purchase order closed',
  failedToFetchPurchaseOrders: 'Failed to fetch purchase orders!',
  // Epay settings, domains and short links (issue 15, worded by Salondesk; the §8 ones are above)
  shortLinkNotFound: 'This short link does not exist.',
  bookingServiceNotFound: 'No such service in this location.',
  bookingStaffNotFound: 'No such staff member in this location.',
  bookingNoWebcode: 'This location has no booking code (webcode) yet. Salondesk support sets it.',
  noProviderAccount: 'No payment provider account is set for this location. Salondesk support sets it.',
  noWebPaymentProvider: 'Choose the provider that takes web payments in the epay settings first.',
  failedToShortenUrl: 'The short link could not be made.',
  failedToFetchShortLinks: 'The short links could not be loaded.',
  failedToUpdateAbly: 'The Ably settings could not be saved.',
  failedToOpenProviderDashboard: 'The provider dashboard link could not be made.',
  // Suspension and the embed messaging (issue 16, embed; worded by Salondesk)
  businessSuspended: 'This business is suspended: only its billing can be reached.',
  screenClosedWhileSuspended: 'This screen is closed while the business is suspended.',
  suspensionNothingOwedToRestore: 'Nothing is owed: contact support to restore access.',
  suspensionNothingOwedScheduled: 'Nothing is owed: contact support about it.',
  failedToUpdateSuspension: 'The suspension could not be saved.',
  suspensionLifted: 'Suspension lifted',
  suspensionSaved: 'Suspension date saved',
  embedOriginRefused: 'This page is not on the business’s list of allowed domains.',
  embedTimeout: 'The dashboard did not answer in time.',
  embedNotSignedIn: 'Sign in to Salondesk in this browser first.',
  embedInvoiceNotChargeable: 'Only an unpaid or failed invoice can be charged.',
  embedBadMessage: 'This message is not one the dashboard understands.',
  // Campaigns and surveys (issue 18, campaigns; worded by Salondesk)
  failedToFetchCampaigns: 'The campaigns could not be loaded.',
  failedToSaveCampaign: 'The campaign could not be saved.',
  failedToSendCampaign: 'The campaign could not be sent.',
  failedToFetchCampaignReport: 'The campaign figures could not be loaded.',
  failedToFetchSurveys: 'The surveys could not be loaded.',
  failedToSaveSurvey: 'The survey could not be saved.',
  campaignNameRequired: 'Give the campaign a name.',
  campaignBodyRequired: 'Write the message.',
  campaignSubjectRequired: 'An email needs a subject.',
  campaignSmsTooLong: 'A text message can be at most 1,600 characters.',
  campaignNotFound: 'That campaign no longer exists. Reload the list.',
  campaignNotEditable: 'This campaign has been sent: duplicate it to change it.',
  campaignNotScheduled: 'Only a scheduled campaign can be cancelled.',
  campaignNotSent: 'Only a sent campaign can be sent again.',
  campaignNotDraft: 'Only a draft can be deleted; a sent campaign keeps its figures.',
  campaignInPast: 'That moment has passed in the business’s time zone. Pick a later time, or send now.',
  campaignSegmentUnknown: 'That segment does not exist in this location.',
  campaignSurveyUnknown: 'That survey does not exist in this location.',
  campaignSurveyNeedsLink: 'A campaign with a survey must put {survey_link} in its message.',
  campaignDuplicated: 'Campaign duplicated',
  campaignResent: 'Campaign sent again to the members it had not reached',
  campaignScheduled: 'Campaign scheduled',
  campaignCancelled: 'Schedule cancelled: the campaign is a draft again',
  surveyNameRequired: 'Give the survey a name.',
  surveyQuestionRequired: 'Write the question.',
  surveyNotFound: 'That survey no longer exists. Reload the list.',
  surveyScoreRange: 'Pick a score from 0 to 10.',
  surveyAlreadyAnswered: 'This survey has already been answered. Thank you!',
  surveyClosed: 'This survey is closed.',
  surveyThanks: 'Thank you for your answer!',
  linkNotValid: 'This link is not valid',
  unsubscribed: 'You are unsubscribed.',
  // Website and app publishing (issue 17; worded by Salondesk)
  failedToFetchSiteVersions: 'The website and app versions could not be loaded.',
  appDeployFailed: "Oops, we couldn't deploy your app.",
  siteVersionNotFound: 'That version does not exist.',
  siteVersionCannotGoLive: 'Only a version that was built can be made live.',
  siteVersionAlreadyLive: 'That version is already live.',
  siteVersionCannotBeDeleted: 'Only a draft or a failed version can be deleted; earlier live versions are kept for rollback.',
  siteVersionNoPreview: 'This version has nothing to preview: its build failed or has not finished.',
  failedToMakeVersionLive: 'The version could not be made live.',
  failedToCreatePreviewLink: 'The preview link could not be made.',
  failedToCheckPreview: 'The preview could not be checked.',
  siteVersionLive: 'Version is live',
  siteVersionDeleted: 'Version deleted',
  publishQueued: 'Publishing… you will be told when it is live.',
  previewUrlNotOurs: 'That address is not a site or preview of this business.',
  // Media library (issue 18, worded by Salondesk)
  mediaNameRequired: 'Give the image a name.',
  mediaNameTooLong: 'An image name has at most 120 characters.',
  mediaTagRequired: 'A tag cannot be empty.',
  mediaTagTooLong: 'A tag has at most 40 characters.',
  mediaTooManyTags: 'An image has at most 20 tags.',
  mediaFileMissing: 'Choose an image file to upload.',
  mediaNotMultipart: 'Send the image as a multipart/form-data upload.',
  mediaTooManyFiles: 'Upload one image at a time.',
  mediaFileTooLarge: 'The image is larger than 20 MB. Make it smaller and try again.',
  mediaNotAnImage: 'This file is not an image the library accepts: upload a JPEG, PNG, WebP or GIF.',
  mediaSvgRefused: 'SVG images are not accepted (they can carry scripts): upload a JPEG, PNG, WebP or GIF.',
  mediaTooManyPixels: 'The image has too many pixels (at most 50 megapixels, 12,000 on a side). Make it smaller and try again.',
  mediaUnreadable: 'The image could not be read: the file is damaged or not complete.',
  mediaBadFileName: 'The file name may not contain folders (/ or \\), “..”, or control characters. Rename the file and try again.',
  mediaFileNameTooLong: 'The file name has more than 255 characters. Rename the file and try again.',
  mediaImageNotFound: 'No such image in this location’s library.',
  mediaTagNotFound: 'No such tag in this location’s library.',
  mediaLinkInvalid: 'This image address is not valid.',
  failedToUpload: 'The image could not be uploaded.',
  // Invitations and registering from one (issue 27, worded by Salondesk)
  invitationEmailRequired: 'Enter the email address to send the invitation to.',
  invitationRoleInvalid: 'Choose Manager or Front desk.',
  invitationEmailHasAccount: 'This email already has a Salondesk account. Give that account access to this location instead.',
  invitationSent: 'Invitation sent.',
  invitationWithdrawnDone: 'Invitation withdrawn.',
  invitationNotFound: 'This invitation link is not valid. Open the whole link from the email, or ask for a new invitation.',
  invitationUsed: 'This invitation has already been used to create an account. Sign in instead.',
  invitationExpired: 'This invitation has expired. Ask whoever invited you for a new one.',
  invitationWithdrawn: 'This invitation was withdrawn. Ask whoever invited you for a new one.',
  invitationNoLongerOpen: 'Only a waiting invitation can be withdrawn.',
  accountCreated: 'Your account is ready. Welcome!',
  fullNameRequired: 'Enter your full name.',
  // Business info (spec 001 §3: loyalty, web payments, payment information; worded by Salondesk)
  loyaltyThresholdInvalid: 'The points threshold is a whole number from 1 to 10,000.',
  pointsPerDollarInvalid: 'Points per dollar is a number from 0 to 1,000, with at most two decimals.',
  payInfoTooLong: 'Payment information is at most 1,000 characters.',
  businessInfoUpdated: 'Business information updated.',
  // The admin's user look-up (`getuser`, worded by Salondesk)
  userSearchTooShort: 'Type at least 2 characters of a name, username or email, or a user id.',
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type Message = (typeof MESSAGES)[MessageKey];

/** An appointment on a holiday of the business (worded by Salondesk): `On a holiday: Christmas Day.` */
export const appointmentOnHoliday = (name: string): string => `On a holiday: ${name}.`;

/** "Category {name} already exists" (spec 000 §5). */
export const categoryExists = (name: string): string => `Category ${name} already exists`;

/** A report's category that is not one of this business's categories of that kind (worded by Salondesk): `There is no report category Payroll here.` */
export const reportCategoryUnknown = (name: string): string => `There is no report category ${name} here.`;

/**
 * A procedure or function report naming a function the `reports` schema does not have (worded by
 * Salondesk): `There is no report function reports.sales_by_colour. Name one of the functions in the reports schema.`
 */
export const reportFunctionUnknown = (name: string): string => `There is no report function reports.${name}. Name one of the functions in the reports schema.`;

/**
 * "Schedule published for the next N weeks/days" (spec 000 §8): weeks when the horizon is a
 * whole number of weeks, days otherwise; singular for one.
 */
export const schedulePublishedFor = (days: number): string => {
  if (days > 0 && days % 7 === 0) {
    const weeks = days / 7;
    return `Schedule published for the next ${weeks} ${weeks === 1 ? 'week' : 'weeks'}`;
  }
  return `Schedule published for the next ${days} ${days === 1 ? 'day' : 'days'}`;
};

/**
 * The toast after clearing all of one staff member's schedules (worded by Salondesk):
 * `Cleared 12 shifts for Ana Ruiz.` (`No shifts to clear for Ana Ruiz.` when there were none).
 */
export const staffSchedulesCleared = (name: string, count: number): string =>
  count === 0 ? `No shifts to clear for ${name}.` : `Cleared ${count} ${count === 1 ? 'shift' : 'shifts'} for ${name}.`;

/**
 * The warning before adding a staff member whose first or full name is already in use (worded by
 * Salondesk): `A staff member with this name already exists: Maya Flores, Maya Patel (deleted). Add this one anyway?`
 */
export const staffNameInUse = (existing: readonly { name: string; deleted: boolean }[]): string =>
  `A staff member with this name already exists: ${existing.map((m) => (m.deleted ? `${m.name} (deleted)` : m.name)).join(', ')}. Add this one anyway?`;

/**
 * What an amount field asks for when it cannot read what was typed (worded by Salondesk), with the
 * business's currency symbol: `amountRequired('$')` → `Enter an amount, like $180 or 180.50.`
 */
export const amountRequired = (symbol: string): string => `Enter an amount, like ${symbol}180 or 180.50.`;
/** `Write the amount in figures, like $180 or 180.50.` */
export const amountUnreadable = (symbol: string): string => `Write the amount in figures, like ${symbol}180 or 180.50.`;
/** `Enter an amount up to $1,000,000.00.` (the largest amount, formatted). */
export const amountTooLarge = (largest: string): string => `Enter an amount up to ${largest}.`;
/**
 * An export wider than spreadsheet columns `a` to `az` (spec 000 §9), worded by Salondesk:
 * `An export holds at most 52 columns (a to az); this one has 60. Leave some columns out.`
 */
export const exportTooWide = (columns: number): string => `An export holds at most 52 columns (a to az); this one has ${columns}. Leave some columns out.`;

/** "A setting type named {NAME} already exists." (worded by Salondesk). */
export const settingTypeExists = (name: string): string => `A setting type named ${name} already exists.`;

/** The title of a message an admin sent to every admin: `Message from Ada Admin` (worded by Salondesk). */
export const adminMessageFrom = (name: string): string => `Message from ${name}`;

/**
 * The security notification when repeated wrong passwords lock a sign-in name (worded by Salondesk):
 * `Sign-in locked for owner after 10 wrong passwords in 15 minutes. It reopens 15 minutes after the last try.`
 */
export const signInLockedFor = (who: string, tries: number, minutes: number): string =>
  `Sign-in locked for ${who} after ${tries} wrong passwords in ${minutes} minutes. It reopens ${minutes} minutes after the last try.`;

/**
 * The security notification when an account or phone number reaches the hourly limit of wrong
 * sign-in codes (worded by Salondesk): `Sign-in codes locked for +1•••••••102 after 100 wrong codes in an hour.`
 */
export const codeSignInLockedFor = (who: string, tries: number): string =>
  `Sign-in codes locked for ${who} after ${tries} wrong codes in an hour. Codes work again an hour after the last try.`;

/**
 * The security notification when one client address (an IPv4 address or an IPv6 /64) reaches the
 * limit of failed sign-ins, over any accounts (worded by Salondesk):
 * `Sign-in paused for the address 203.0.113.7 after 100 failed sign-in attempts in 15 minutes, over any accounts. It reopens 15 minutes after the last try.`
 */
export const addressSignInLockedFor = (address: string, tries: number, minutes: number): string =>
  `Sign-in paused for the address ${address} after ${tries} failed sign-in attempts in ${minutes} minutes, over any accounts. It reopens ${minutes} minutes after the last try.`;

/** The scheduler's drafts badge (worded by Salondesk): `Drafts not published (3)`. */
export const draftsNotPublished = (count: number): string => (count > 0 ? `Drafts not published (${count})` : 'Drafts not published');

/**
 * What a copy of shifts made, or will make (worded by Salondesk):
 * `3 drafts created; 3 skipped: 2 overlap shifts already there, 1 on a holiday.`
 */
export const shiftsCopied = (created: number, skipped: { overlapping: number; holidays: number }, noun: 'draft' | 'template shift' = 'draft'): string => {
  const made = `${created} ${noun}${created === 1 ? '' : 's'} created`;
  const parts = [
    skipped.overlapping > 0 ? `${skipped.overlapping} ${skipped.overlapping === 1 ? 'overlaps a shift' : 'overlap shifts'} already there` : '',
    skipped.holidays > 0 ? `${skipped.holidays} on ${skipped.holidays === 1 ? 'a holiday' : 'holidays'}` : '',
  ].filter(Boolean);
  return parts.length === 0 ? `${made}.` : `${made}; ${skipped.overlapping + skipped.holidays} skipped: ${parts.join(', ')}.`;
};

/** A card standing for a Metabase question another card of the business already stands for (worded by Salondesk). */
export const metabaseQuestionTaken = (metabaseId: number): string => `Metabase question ${metabaseId} already has a card in this business`;
// ── Pivot reports (issue 11, worded by Salondesk) ────────────────────────────────────────

/** A pivot names a field its source does not offer: `The source has no field tips`. */
export const pivotUnknownField = (field: string): string => `The source has no field ${field}`;
/** A field grouped twice: `Staff is already on the rows or columns`. */
export const pivotFieldTwice = (label: string): string => `${label} is already on the rows or columns`;
/** An aggregate a field's format cannot take: `Sum cannot be taken of Staff`. */
export const pivotAggregateRefused = (aggregate: string, label: string): string => `${aggregate} cannot be taken of ${label}`;
/** A pivot with too many column keys to show: `This pivot has more than 200 columns: move a field from the columns to the rows`. */
export const pivotTooManyColumns = (max: number): string => `This pivot has more than ${max} columns: move a field from the columns to the rows`;

// ── Payroll (issue 12, worded by Salondesk) ──────────────────────────────────────────────

/** Closing a pay period that is not over: `A pay period can be closed only once it is over: the last payout start date must be today (2026-03-15) or earlier.` */
export const payoutStartInFuture = (today: string): string =>
  `A pay period can be closed only once it is over: the last payout start date must be today (${today}) or earlier.`;
/** Closing days on which someone is still clocked in: `Ana R., Ben K. are still clocked in on days this would close. Clock them out first.` */
export const payPeriodStillClockedIn = (names: readonly string[]): string =>
  `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} still clocked in on days this would close. Clock them out first.`;
// ── Timesheets and the staff clock (issue 12, worded by Salondesk) ───────────────────────

/** A slot moved to another day in a day's correction: `This slot’s clock-in is not on 2026-11-02: change it on its own day.` */
export const timesheetOtherDay = (day: string): string => `This slot’s clock-in is not on ${day}: change it on its own day.`;

/**
 * A change to a slot of a closed pay period (days before `lastPayoutStartDate`):
 * `2026-10-14 is in a closed pay period (every day before 2026-11-01). Reopen the period on the Payroll screen to change it.`
 */
export const timesheetClosedPeriod = (day: string, openFrom: string): string =>
  `${day} is in a closed pay period (every day before ${openFrom}). Reopen the period on the Payroll screen to change it.`;

/** Clocking in someone with an open slot: `Ava Bennett is already clocked in.` */
export const alreadyClockedIn = (name: string): string => `${name} is already clocked in.`;
/** Clocking out someone with no open slot: `Ava Bennett is not clocked in.` */
export const notClockedIn = (name: string): string => `${name} is not clocked in.`;
/** The clock for someone without a PIN: `Ava Bennett has no clock PIN yet: a manager sets one on their staff profile.` */
export const clockPinNotSet = (name: string): string => `${name} has no clock PIN yet: a manager sets one on their staff profile.`;
/** The staff clock after a clock-in: `Ava Bennett clocked in at 09:02 AM.` */
export const clockedInAt = (name: string, time: string): string => `${name} clocked in at ${time}.`;
/** The staff clock after a clock-out: `Ava Bennett clocked out at 05:31 PM after 8 h 29 min.` */
export const clockedOutAt = (name: string, time: string, duration: string): string => `${name} clocked out at ${time} after ${duration}.`;

/**
 * A close past the location's difference threshold by a user who may not edit settings, or without a note:
 * `The difference is more than $20.00: a manager (a user who may edit settings) must close this drawer, with a note.`
 */
export const shiftCloseNeedsManager = (threshold: string): string => `The difference is more than ${threshold}: a manager (a user who may edit settings) must close this drawer, with a note.`;
/** A manager's close past the threshold without a note: `The difference is more than $20.00: say why in the notes.` */
export const shiftCloseNeedsNote = (threshold: string): string => `The difference is more than ${threshold}: say why in the notes.`;

// ── Suspension (issue 16, worded by Salondesk) ───────────────────────────────────────────

/** The banner of a business that will be suspended: `This business will be suspended on Tue, Dec 1, 2026.` */
export const suspensionScheduledOn = (day: string): string => `This business will be suspended on ${day}.`;
/** What a suspended business's users read first: `This business has been suspended since Fri, Nov 20, 2026.` */
export const suspendedSince = (day: string): string => `This business has been suspended since ${day}.`;
/** Why, as the admin wrote it: `Reason: The card on file was declined three times.` */
export const suspensionReason = (reason: string): string => `Reason: ${reason}`;
/** What a suspended business owes: `$129.00 is owed on 1 invoice: paying restores access.` */
export const suspensionOwedToRestore = (amount: string, invoices: number): string =>
  `${amount} is owed on ${invoices} ${invoices === 1 ? 'invoice' : 'invoices'}: paying restores access.`;
/** What a business that will be suspended owes: `$129.00 is owed on 2 invoices: paying before then keeps the business running.` */
export const suspensionOwedToKeep = (amount: string, invoices: number): string =>
  `${amount} is owed on ${invoices} ${invoices === 1 ? 'invoice' : 'invoices'}: paying before then keeps the business running.`;
/** What paying an invoice charges, and to which method of whom: `$129.00 will be charged to Luxe Los Angeles’s default card, Visa •••• 4242.` */
export const chargedTo = (amount: string, method: string): string => `${amount} will be charged to ${method}.`;
/** The pay button of the banner: `Pay $129.00`. */
export const payAmount = (amount: string): string => `Pay ${amount}`;

// ── Payout reconciliation against the provider (issue 28, worded by Salondesk) ─────────────

/**
 * A movement the provider counted in a payout that we have no record of, money out:
 * `Stripe deducted refund re_3Nq8 of $127.00 from this payout; it is missing from our records.`
 */
export const payoutMovementDeductedMissingHere = (provider: string, movement: string, amount: string): string =>
  `${provider} deducted ${movement} of ${amount} from this payout; it is missing from our records.`;
/** Money in: `Stripe paid charge ch_3Nq8 of $50.00 in this payout; it is missing from our records.` */
export const payoutMovementPaidMissingHere = (provider: string, movement: string, amount: string): string =>
  `${provider} paid ${movement} of ${amount} in this payout; it is missing from our records.`;
/** A movement we count in a payout and the provider does not: `Our records count charge ch_3Nq8 of $50.00 in this payout; Stripe does not.` */
export const payoutMovementMissingAtProvider = (provider: string, movement: string, amount: string): string =>
  `Our records count ${movement} of ${amount} in this payout; ${provider} does not.`;
/** A movement both count, differently: `Stripe counted charge ch_3Nq8 as $139.52 less a $4.35 fee; our records have $139.52 less a $4.80 fee.` */
export const payoutMovementDiffers = (provider: string, movement: string, theirs: { amount: string; fee: string }, ours: { amount: string; fee: string }): string =>
  `${provider} counted ${movement} as ${theirs.amount} less a ${theirs.fee} fee; our records have ${ours.amount} less a ${ours.fee} fee.`;

/** A segment copy refused for a location that has no counterpart (by name) of what the segment names. */
export const segmentCopyMissingIn = (location: string, items: readonly string[]): string =>
  `${location} has nothing matching ${items.join(', ')}; the segment was not copied there`;
// ── Media library (issue 18, worded by Salondesk) ────────────────────────────────────────

/** A file whose bytes and name disagree: `The file is a PNG image but its name ends in .jpg: rename it to .png and try again.` */
export const mediaNameTypeMismatch = (type: string, extension: string, expected: string): string =>
  `The file is a ${type} image but its name ends in .${extension}: rename it to .${expected} and try again.`;
/** Deleting an image still in use: `This image is used in Staff photo: Ava B., Service image: Haircut. Choose another image there first.` */
export const mediaInUse = (places: readonly string[]): string => `This image is used in ${places.join(', ')}. Choose another image there first.`;
