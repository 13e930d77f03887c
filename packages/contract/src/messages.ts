/**
 * Every user-facing string the product spec fixes (sections 2, 5 and 8), verbatim — typos included
 * ('Fogot Password ?' is spelled so on purpose). Screens and server import these; never retype one.
 * Source: ../shared/spec/product-spec.md and ../shared/spec/messages.txt.
 */
export const labels = {
  // Login modal (spec §2)
  signIn: 'Sign In',
  forgotPasswordLink: 'Forgot Password',
  loginWithGoogle: 'Login with Google',
  createAccount: 'Create Account',
  resendActivationCode: 'Resend Activation code',
  // Forgot password modal
  forgotPasswordTitle: 'Fogot Password ?',
  forgotPasswordPrompt: 'Please enter your email',
  submit: 'Submit',
  // Registration modal
  createYourAccount: 'Create your account',
  registerWithGoogle: 'Register with Google',
  loginToYourAccount: 'Login to your account',
  signUp: 'Sign up',
  termsAndConditions: 'Terms & Conditions',
  verification: 'Verification',
  registeredEmailFallback: 'your registered email Id',
  verifyEmail: 'Verify Email',
  resendOtp: 'Resend OTP',
  // Verify your Email screen
  verifyYourEmail: 'Verify your Email',
  verifyNow: 'Verify Now',
  // Side menu (spec §2)
  menuStores: 'Stores',
  menuProducts: 'Products',
  menuFoodItems: 'Food Items',
  menuServices: 'Services',
  menuFlyers: 'Flyers',
  menuManageYourStore: 'Manage Your Store',
  menuProfile: 'Profile',
  menuMyOrder: 'My Order',
  menuLogout: 'Logout',
  // Logout alert (spec §8)
  logoutConfirm: 'Do you want to logout?',
  cancel: 'Cancel',
  yes: 'Yes',
} as const;

/** Validation messages of spec §5, per form. */
export const validationMessages = {
  login: {
    emailRequired: 'Please enter your email address',
    emailInvalid: 'Please enter a valid email address',
    passwordRequired: 'Please enter password',
    passwordTooShort: 'Invalid password',
  },
  forgotPassword: {
    emailRequired: 'Please enter your email address',
    emailInvalid: 'Please enter a valid email address',
  },
  registration: {
    firstNameRequired: 'Please enter first name',
    lastNameRequired: 'Please enter last name',
    emailRequired: 'Please enter email id',
    emailInvalid: 'Please enter valid email id',
    passwordRequired: 'Enter password',
    passwordTooShort: 'Invalid password',
    confirmPasswordRequired: 'Confirm your password',
    passwordsNotMatching: 'Passwords not matching',
  },
  resendActivation: {
    emailRequired: 'Please enter email',
  },
  verification: {
    codeRequired: 'Please enter your email verification code',
  },
} as const;

/** Toast titles and fixed toast texts of spec §8. */
export const toastTitles = {
  loginError: 'Error',
  registrationError: 'Error!',
  success: 'Success',
  demoMode: 'Demo Mode',
  info: 'Info',
} as const;

export const toastMessages = {
  googleSignInFailed: 'Google sign in failed',
  authenticationFailed: 'Authentication failed',
  demoAuthenticationFailed: 'Demo authentication failed',
  registrationFailed: 'Registration failed',
  pleaseEnterEmail: 'Please enter email',
  googleRegistrationFailed: 'Google registration failed. Please try again.',
  registrationFailedTryAgain: 'Registration failed. Please try again.',
  demoGoogleLoginInfo: 'Using demo Google authentication (backend endpoint not implemented)',
  demoGoogleRegistrationInfo: 'Using demo Google registration (backend endpoint not implemented)',
  loginSuccessfully: 'Login Successfully',
  accountCreatedWithGoogle: 'Account created with Google successfully',
  demoSignedInWithGoogle: 'Demo: Signed in with Google successfully',
  logoutSuccessfully: 'Logout successfully',
  demoGoogleRegistrationSuccessful: 'Demo Google registration successful!',
} as const;

/** 'Registration successful! Welcome to {product}' (spec §8), with the product name configurable. */
export function registrationSuccessful(productName: string): string {
  return `Registration successful! Welcome to ${productName}`;
}

/** Generic messages of our own (not fixed by the spec) used by the envelope and the HTTP helper. */
export const commonMessages = {
  genericFailure: 'Something went wrong. Please try again.',
  notFound: 'The requested resource was not found.',
  routeNotFound: 'No such API endpoint.',
  internalError: 'An unexpected error occurred. Please try again later.',
  malformedJson: 'The request body is not valid JSON.',
  malformedUrl: 'The request URL is not valid.',
  unsupportedMediaType: 'Unsupported content type. Send JSON with Content-Type: application/json.',
  bodyTooLarge: 'The request body is too large.',
  malformedUpload:
    'The upload arrived cut off or damaged. Please choose the file and send it again.',
  uploadTooManyParts: 'The upload has too many files or fields. Send one file at a time.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  csrfMissing: 'Missing or invalid CSRF token. Reload the page and try again.',
  corsRejected: 'This origin is not allowed.',
  serviceUnavailable: 'The service is temporarily unavailable.',
  /** The database cannot be reached: every API answer is 503 with Retry-After until it is back. */
  databaseUnavailable: 'Localmart is briefly unavailable. Please try again in a moment.',
  pageNotFound: 'Page not found',
  ok: 'OK',
} as const;
