"""allauth's and Django's own messages that our pages and e-mails show, listed for our catalogue.

allauth's Romanian lacks its diacritics ("Conecteaza-te" for "Conectează-te") and Django
6.1's has no Romanian for its new password-length message. xgettext only extracts what our
code marks, so the messages are listed here, word for word as allauth 65 and Django write
them, and locale/ro gives them our own Romanian (locale/ro/LC_MESSAGES/django.po), which wins over
theirs: LOCALE_PATHS come before the apps' catalogues. Nothing imports this module;
``scripts/messages`` reads it. A message that changes upstream falls back to their Romanian,
and the every-page test in tests/i18n then names it.

Listed: what the sign-in, sign-up, sign-out, e-mail, password, sign-in code and
reauthentication pages, their form errors and messages, and the account e-mails say. Not
listed: phones, passkeys, social accounts, two-factor and e-mail change, which the site
does not use (settings.ACCOUNT_*).
"""

from django.utils.translation import gettext_noop, ngettext_lazy, pgettext_lazy

ALLAUTH = (
    gettext_noop("This account is currently inactive."),
    gettext_noop("You cannot remove your primary email address."),
    gettext_noop("This email address is already associated with this account."),
    gettext_noop("A user is already registered with this email address."),
    gettext_noop("Please type your current password."),
    gettext_noop("Incorrect code."),
    gettext_noop("Incorrect password."),
    gettext_noop("Invalid or expired key."),
    gettext_noop("Invalid login."),
    gettext_noop("The password reset token was invalid."),
    gettext_noop("You cannot add more than %d email addresses."),
    gettext_noop("Too many failed login attempts. Try again later."),
    gettext_noop("The email address is not assigned to any user account."),
    gettext_noop("Your primary email address must be verified."),
    gettext_noop("Username can not be used. Please use other username."),
    gettext_noop("The username and/or password you specified are not correct."),
    gettext_noop("Please select only one."),
    gettext_noop("The new value must be different from the current one."),
    gettext_noop("Be patient, you are sending too many requests."),
    gettext_noop("Use your password"),
    gettext_noop("Send me a sign-in code"),
    gettext_noop("Email"),
    gettext_noop("Email address"),
    gettext_noop("Forgot your password?"),
    gettext_noop("You must type the same password each time."),
    gettext_noop("Password"),
    gettext_noop("Remember Me"),
    gettext_noop("Username"),
    pgettext_lazy("field label", "Login"),
    gettext_noop("Email (optional)"),
    gettext_noop("You must type the same email each time."),
    gettext_noop("Password (again)"),
    gettext_noop("Current Password"),
    gettext_noop("New Password"),
    gettext_noop("New Password (again)"),
    gettext_noop("Code"),
    gettext_noop("Account Inactive"),
    gettext_noop("This account is inactive."),
    gettext_noop(
        "We've sent a code to %(recipient)s. The code expires shortly, so please enter it soon."
    ),
    gettext_noop("Request new code"),
    gettext_noop("Confirm Access"),
    gettext_noop("Please reauthenticate to safeguard your account."),
    gettext_noop("Alternative options"),
    gettext_noop("Sign In"),
    gettext_noop("Enter Sign-In Code"),
    gettext_noop("Password Reset"),
    gettext_noop("Email Addresses"),
    gettext_noop("The following email addresses are associated with your account:"),
    gettext_noop("Verified"),
    gettext_noop("Unverified"),
    gettext_noop("Primary"),
    gettext_noop("Make Primary"),
    gettext_noop("Re-send Verification"),
    gettext_noop("Add Email Address"),
    gettext_noop("Add Email"),
    gettext_noop("Do you really want to remove the selected email address?"),
    gettext_noop(
        "You are receiving this email because you or someone else tried to signup for an\n"
        "account using email address:\n"
        "\n"
        "%(email)s\n"
        "\n"
        "However, an account using that email address already exists.  In case you have\n"
        "forgotten about this, please use the password forgotten procedure to recover\n"
        "your account:\n"
        "\n"
        "%(password_reset_url)s"
    ),
    gettext_noop("Account Already Exists"),
    gettext_noop("Hello from %(site_name)s!"),
    gettext_noop("Thank you for using %(site_name)s!\n%(site_domain)s"),
    gettext_noop(
        "You are receiving this mail because the following change was made to your account:"
    ),
    gettext_noop(
        "If you do not recognize this change then please take proper security precautions "
        "immediately. The change to your account originates from:\n"
        "\n"
        "- IP address: %(ip)s\n"
        "- Browser: %(user_agent)s\n"
        "- Date: %(timestamp)s"
    ),
    gettext_noop("Your email has been changed from %(from_email)s to %(to_email)s."),
    gettext_noop("Email Changed"),
    gettext_noop("Your email has been confirmed."),
    gettext_noop("Email Confirmation"),
    gettext_noop(
        "You're receiving this email because user %(user_display)s has given your email address to "
        "register an account on %(site_domain)s."
    ),
    gettext_noop(
        "Your email verification code is listed below. Please enter it in your open browser window."
    ),
    gettext_noop("To confirm this is correct, go to %(activate_url)s"),
    gettext_noop("Please Confirm Your Email Address"),
    gettext_noop("Email address %(deleted_email)s has been removed from your account."),
    gettext_noop("Email Removed"),
    gettext_noop("Your sign-in code is listed below. Please enter it in your open browser window."),
    gettext_noop("This mail can be safely ignored if you did not initiate this action."),
    gettext_noop("Sign-In Code"),
    gettext_noop("Your password has been changed."),
    gettext_noop("Password Changed"),
    gettext_noop(
        "Your password reset code is listed below. Please enter it in your open browser window."
    ),
    gettext_noop("Password Reset Code"),
    gettext_noop(
        "You're receiving this email because you or someone else has requested a password reset "
        "for your user account.\n"
        "It can be safely ignored if you did not request a password reset. Click the link below to "
        "reset your password."
    ),
    gettext_noop("In case you forgot, your username is %(username)s."),
    gettext_noop("Password Reset Email"),
    gettext_noop("Your password has been reset."),
    gettext_noop("Your password has been set."),
    gettext_noop("Password Set"),
    gettext_noop(
        "You are receiving this email because you, or someone else, tried to access an account "
        "with email %(email)s. However, we do not have any record of such an account in our "
        "database."
    ),
    gettext_noop("If it was you, you can sign up for an account using the link below."),
    gettext_noop("Unknown Account"),
    gettext_noop("Confirm Email Address"),
    gettext_noop(
        'Please confirm that <a href="mailto:%(email)s">%(email)s</a> is an email address for user '
        "%(user_display)s."
    ),
    gettext_noop(
        "Unable to confirm %(email)s because it is already confirmed by a different account."
    ),
    gettext_noop(
        'This email confirmation link expired or is invalid. Please <a href="%(email_url)s">issue '
        "a new email confirmation request</a>."
    ),
    gettext_noop(
        "If you have not created an account yet, then please %(link)ssign up%(end_link)s first."
    ),
    gettext_noop("Sign Out"),
    gettext_noop("Are you sure you want to sign out?"),
    gettext_noop("You cannot remove your primary email address (%(email)s)."),
    gettext_noop("Confirmation email sent to %(email)s."),
    gettext_noop("You have confirmed %(email)s."),
    gettext_noop("Removed email address %(email)s."),
    gettext_noop("Successfully signed in as %(name)s."),
    gettext_noop("You have signed out."),
    gettext_noop("A sign-in code has been sent to %(recipient)s."),
    gettext_noop("Password successfully changed."),
    gettext_noop("Password successfully set."),
    gettext_noop("Primary email address set."),
    gettext_noop("Change Password"),
    gettext_noop(
        "Forgotten your password? Enter your email address below, and we'll send you an email "
        "allowing you to reset it."
    ),
    gettext_noop("Reset My Password"),
    gettext_noop("Please contact us if you have any trouble resetting your password."),
    gettext_noop(
        "We have sent you an email. If you have not received it please check your spam folder. "
        "Otherwise contact us if you do not receive it in a few minutes."
    ),
    gettext_noop("Bad Token"),
    gettext_noop(
        "The password reset link was invalid, possibly because it has already been used.  Please "
        'request a <a href="%(passwd_reset_url)s">new password reset</a>.'
    ),
    gettext_noop("Your password is now changed."),
    gettext_noop("Set Password"),
    gettext_noop("Enter your password:"),
    gettext_noop("You will receive a special code for a password-free sign-in."),
    gettext_noop("Request Code"),
    gettext_noop("Other sign-in options"),
    gettext_noop("Signup"),
    gettext_noop("Sign Up"),
    gettext_noop("Already have an account? Then please %(link)ssign in%(end_link)s."),
    gettext_noop("Sign Up Closed"),
    gettext_noop("We are sorry, but the sign up is currently closed."),
    gettext_noop("Note"),
    gettext_noop("You are already logged in as %(user_display)s."),
    gettext_noop("Verify Your Email Address"),
    gettext_noop(
        "We have sent an email to you for verification. Follow the link provided to finalize the "
        "signup process. If you do not see the verification email in your main inbox, check your "
        "spam folder. Please contact us if you do not receive the verification email within a few "
        "minutes."
    ),
)

DJANGO = (
    # django.contrib.auth.password_validation.MinimumLengthValidator (Django 6.1)
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
    ),
    # NumericPasswordValidator: Django's Romanian misspells it ("Acestă")
    gettext_noop("This password is entirely numeric."),
)
