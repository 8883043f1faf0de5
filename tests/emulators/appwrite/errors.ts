// Appwrite's error catalogue (app/config/errors.php): every failure is JSON
// `{ message, code, type, version }` with the HTTP status in `code`.
export const APPWRITE_VERSION = '1.8.0';

const catalogue = {
  general_unknown: [500, 'An unknown error has occured. Please check the logs for more information.'],
  general_unauthorized_scope: [401, 'The current user or API key does not have the required scopes to access the requested resource.'],
  general_argument_invalid: [400, 'The request contains one or more invalid arguments. Please refer to the endpoint documentation.'],
  general_query_invalid: [400, "The query's syntax is invalid. Please check the query and try again."],
  general_route_not_found: [404, 'The requested route was not found. Please refer to the API docs and try again.'],
  general_cursor_not_found: [400, 'The cursor is invalid. This can happen if the item represented by the cursor has been deleted.'],
  general_unknown_origin: [403, 'The request originated from an unknown origin. If you trust this domain, please list it as a trusted platform in the Appwrite console.'],
  general_server_error: [500, 'An internal server error occurred.'],
  general_bad_request: [400, 'There was an error processing your request. Please check the inputs and try again.'],
  project_not_found: [404, 'Project with the requested ID could not be found. Please check the value of the X-Appwrite-Project header to ensure the correct project ID is being used.'],
  project_key_expired: [401, 'The project key has expired. Please generate a new key using the Appwrite console.'],
  project_provider_disabled: [412, 'The chosen OAuth provider is disabled. You can enable the OAuth provider using the Appwrite console.'],
  project_provider_unsupported: [501, 'The chosen OAuth provider is unsupported. Please check the Create OAuth2 Session docs for the complete list of supported OAuth providers.'],
  project_invalid_success_url: [400, 'Invalid redirect URL for OAuth success.'],
  project_invalid_failure_url: [400, 'Invalid redirect URL for OAuth failure.'],
  user_jwt_invalid: [401, 'The JWT token is invalid. Please check the value of the X-Appwrite-JWT header to ensure the correct token is being used.'],
  user_already_exists: [409, 'A user with the same id, email, or phone already exists in this project.'],
  user_blocked: [401, 'The current user has been blocked. You can unblock the user by making a request to the User API\'s "Update User Status" endpoint or in the Appwrite Console\'s Auth section.'],
  user_invalid_token: [401, 'Invalid token passed in the request.'],
  user_invalid_credentials: [401, 'Invalid credentials. Please check the email and password.'],
  user_session_already_exists: [401, 'Creation of a session is prohibited when a session is active.'],
  user_not_found: [404, 'User with the requested ID could not be found.'],
  user_email_already_exists: [409, 'A user with the same email already exists in the current project.'],
  user_session_not_found: [404, 'The current user session could not be found.'],
  user_identity_not_found: [404, 'The identity could not be found. Please sign in with OAuth provider to create identity first.'],
  user_unauthorized: [401, 'The current user is not authorized to perform the requested action.'],
  user_phone_already_exists: [409, 'A user with the same phone number already exists in the current project.'],
  user_recovery_codes_already_exists: [409, 'The current user already generated recovery codes and they can only be read once for security reasons.'],
  user_authenticator_not_found: [404, 'Authenticator could not be found on the current user.'],
  user_recovery_codes_not_found: [404, 'Recovery codes could not be found on the current user.'],
  user_authenticator_already_verified: [409, 'This authenticator is already verified on the current user.'],
  user_phone_not_found: [400, 'The current user does not have a phone number associated with their account.'],
  user_phone_not_verified: [400, 'The current user has not verified their phone number.'],
  user_email_not_found: [400, 'The current user does not have an email address associated with their account.'],
  user_email_not_verified: [400, 'The current user has not verified their email address.'],
  user_more_factors_required: [401, 'More factors are required to complete the sign in process.'],
  user_challenge_required: [401, 'A recently succeessful challenge is required to complete this action. A challenge is considered recent for 5 minutes.'],
  user_oauth2_provider_error: [424, 'OAuth2 provider returned some error.'],
  user_email_already_verified: [409, 'User email is already verified'],
  user_phone_already_verified: [409, 'User phone is already verified'],
  user_target_not_found: [404, 'The target could not be found.'],
  user_target_already_exists: [409, 'A target with the same ID already exists.'],
  user_api_key_and_session_set: [403, 'API key and session used in the same request. Use either `setSession` or `setKey`. Learn about which authentication method to use in the SSR docs: https://appwrite.io/docs/products/auth/server-side-rendering'],
  database_not_found: [404, 'Database not found'],
  collection_not_found: [404, 'Collection with the requested ID could not be found.'],
  table_not_found: [404, 'Table with the requested ID could not be found.'],
  document_not_found: [404, 'Document with the requested ID could not be found.'],
  row_not_found: [404, 'Row with the requested ID could not be found.'],
  document_invalid_structure: [400, 'The document structure is invalid. Please ensure the attributes match the collection definition.'],
  row_invalid_structure: [400, 'The row structure is invalid. Please ensure the columns match the table definition.'],
  document_missing_payload: [400, 'The document data and permissions are missing. You must provide either document data or permissions to be updated.'],
  row_missing_payload: [400, 'The row data and permissions are missing. You must provide either row data or permissions to be updated.'],
  document_already_exists: [409, 'Document with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.'],
  row_already_exists: [409, 'Row with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.'],
  attribute_not_found: [404, 'Attribute with the requested ID could not be found.'],
  column_not_found: [404, 'Column with the requested ID could not be found.'],
  attribute_limit_exceeded: [400, 'The maximum number of attributes has been reached.'],
  attribute_value_invalid: [400, 'The attribute value is invalid. Please check the type, range and value of the attribute.'],
  attribute_type_invalid: [400, 'The attribute type is invalid.'],
  database_already_exists: [409, 'Database with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.'],
  collection_already_exists: [409, 'A collection with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.'],
  attribute_already_exists: [409, 'Attribute with the requested key already exists. Attribute keys must be unique, try again with a different key.'],
  attribute_default_unsupported: [400, 'Default values cannot be set for array or required attributes.'],
  attribute_unknown: [400, 'The attribute required for the index could not be found. Please confirm all your attributes are in the available state.'],
  index_already_exists: [409, 'Index with the requested key already exists. Try again with a different key.'],
  index_not_found: [404, 'Index with the requested key could not be found.'],
  storage_bucket_not_found: [404, 'Storage bucket with the requested ID could not be found.'],
  storage_bucket_already_exists: [409, 'A storage bucket with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.'],
  storage_file_not_found: [404, 'The requested file could not be found.'],
  storage_file_already_exists: [409, 'A storage file with the requested ID already exists.'],
  storage_invalid_file_size: [400, 'The file size is either not valid or exceeds the maximum allowed size.'],
  storage_file_type_unsupported: [400, 'The given file extension is not supported.'],
  storage_invalid_content_range: [400, 'The content range is invalid. Please check the value of the Content-Range header.'],
  storage_invalid_file: [400, 'The uploaded file is invalid. Please check the file and try again.'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorType = keyof typeof catalogue;

export class AppwriteError extends Error {
  readonly type: ErrorType;
  readonly code: number;
  constructor(type: ErrorType, message?: string, code?: number) {
    const [status, description] = catalogue[type];
    super(message ?? description);
    this.type = type;
    this.code = code ?? status;
  }
  toJSON() {
    return { message: this.message, code: this.code, type: this.type, version: APPWRITE_VERSION };
  }
}

/** Utopia's parameter validation failure: `Invalid \`email\` param: Value must be a valid email address`. */
export const invalidParam = (name: string, description: string) =>
  new AppwriteError('general_argument_invalid', `Invalid \`${name}\` param: ${description}`);

export const missingParam = (name: string) => new AppwriteError('general_argument_invalid', `Param "${name}" is not optional.`);
