"""Layerlab's one settings module.

Everything that differs between a laptop, CI and production comes from the
environment, read through the strict helpers in ``tutor.env`` (README.md lists
the variables). With nothing set you get the embedded development set-up:
SQLite in ``db.sqlite3`` and an in-memory channel layer, DEBUG off.
"""

from __future__ import annotations

from pathlib import Path

import dj_database_url
import django_stubs_ext
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from tutor.env import env_bool, env_choice, env_int, env_list, env_str, env_url

# Django's generic classes take type parameters at run time too (``ModelAdmin[Dispute]``),
# as django-stubs writes them for mypy.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

# --- Mode -------------------------------------------------------------------

DJANGO_ENV = env_choice("DJANGO_ENV", ("development", "production"), default="development")
PRODUCTION = DJANGO_ENV == "production"

# Off unless asked for: only `make run` turns it on.
DEBUG = env_bool("DJANGO_DEBUG", default=False)
if PRODUCTION and DEBUG:
    raise ImproperlyConfigured(
        "DJANGO_DEBUG=true is not allowed with DJANGO_ENV=production: "
        "unset DJANGO_DEBUG or set it to false."
    )

# --- Secrets, hosts and HTTPS ------------------------------------------------

# Behind a proxy that terminates TLS, set this so Django trusts the proxy's
# X-Forwarded-Proto header (otherwise SECURE_SSL_REDIRECT loops forever). Only
# do it when the proxy always sets or overwrites that header.
if env_bool("DJANGO_SECURE_PROXY_SSL_HEADER", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

if PRODUCTION:
    SECRET_KEY = env_str("DJANGO_SECRET_KEY")
    # The same test as Django's security.W009, made an error at start-up.
    if (
        len(SECRET_KEY) < 50
        or len(set(SECRET_KEY)) < 5
        or SECRET_KEY.startswith("django-insecure-")
    ):
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is too weak for production: use at least 50 random characters "
            "(not starting with 'django-insecure-'), e.g. the output of "
            "python -c 'from django.core.management.utils import get_random_secret_key as k; "
            "print(k())'."
        )
    ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS")
    CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
else:
    SECRET_KEY = env_str(
        "DJANGO_SECRET_KEY",
        default="django-insecure-layerlab-development-only-never-use-this-key-in-production",
    )
    ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
    CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

X_FRAME_OPTIONS = "DENY"
# The page hands the CSRF token to htmx itself (hx-headers on <body>), so no
# script ever needs to read the cookie.
CSRF_COOKIE_HTTPONLY = True

# --- Applications -------------------------------------------------------------

INSTALLED_APPS = [
    # First, so `manage.py runserver` serves ASGI (websockets) too.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    # Loaders configured by hand in TEMPLATES below (the default app config
    # would rewrite TEMPLATES at start-up instead).
    "template_partials.apps.SimpleAppConfig",
    "csp",
    "tutor.core",
    "tutor.boards",
    "tutor.api",
    "tutor.puzzles",
    "tutor.learn",
    "tutor.classes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before the CSRF check: a method the view doesn't take is a 405, not a 403.
    "tutor.core.methods.MethodNotAllowedMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "tutor.core.unavailable.RedisUnavailableMiddleware",
]

ROOT_URLCONF = "tutor.urls"
WSGI_APPLICATION = "tutor.wsgi.application"
ASGI_APPLICATION = "tutor.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # django-template-partials' documented manual set-up: its loader
            # wraps Django's cached loader, so "page.html#fragment" works
            # anywhere a template name does.
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "django.template.loaders.filesystem.Loader",
                                "django.template.loaders.app_directories.Loader",
                            ],
                        )
                    ],
                )
            ],
            # {% partialdef %} without {% load partials %}, as in Django 6.
            "builtins": ["template_partials.templatetags.partials"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tutor.core.context_processors.csp_nonce",
            ],
        },
    }
]

# Django's form renderer with the common widget templates written in Python (the same
# HTML): the builder's ~54 fields cost two thirds of its page through the templates.
FORM_RENDERER = "tutor.core.form_renderer.WidgetRenderer"

# --- Data ------------------------------------------------------------------------

DATABASE_URL = env_url("DATABASE_URL", ("postgres", "postgresql", "sqlite"), default=None)
# Writers take SQLite's lock when their transaction begins and wait for it, so two
# learners answering at once queue instead of failing ("database is locked"); SQLite
# has no row locks for select_for_update to take.
# Write-ahead logging lets readers and the one writer work at once (several server
# processes, a class answering together), and with synchronous=NORMAL a commit no longer
# waits for the disk (a power cut may lose the last moments' commits, never corrupt the
# file): a live-class answer commits in about a millisecond instead of tens.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}
# A SQLite connection is a file handle: kept for a minute by the thread that opened it
# (the live-class consumers share one), rather than opened again for every answer.
SQLITE_CONN_MAX_AGE = 60
# PostgreSQL connections come from psycopg's pool (one per process, shared by every
# thread): under ASGI each request may run in a different thread, so persistent
# per-thread connections (CONN_MAX_AGE) would pile up, and opening one per request or
# per live-class answer costs more than the answer itself.
DB_POOL_MAX = env_int("DJANGO_DB_POOL_MAX", default=20, minimum=2)
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
    if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        DATABASES["default"]["OPTIONS"] = dict(SQLITE_OPTIONS)
        DATABASES["default"]["CONN_MAX_AGE"] = SQLITE_CONN_MAX_AGE
    else:
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 2,
            "max_size": DB_POOL_MAX,
            "timeout": 10,
        }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(BASE_DIR / "db.sqlite3"),
            "OPTIONS": dict(SQLITE_OPTIONS),
            "CONN_MAX_AGE": SQLITE_CONN_MAX_AGE,
            # A file, not memory: the live-class tests start real server processes that
            # must see the test database (tests/classes/servers.py).
            "TEST": {"NAME": BASE_DIR / ".test-db.sqlite3"},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env_url("REDIS_URL", ("redis", "rediss", "unix"), default=None)
# Redis connections per server process (channel layer): enough for every student of the
# largest class we claim (1,000) to join or leave at the same moment.
REDIS_MAX_CONNECTIONS = env_int("REDIS_MAX_CONNECTIONS", default=1500, minimum=10)
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # channels_redis waits up to 5 s on each blocking read (BZPOPMIN); redis-py 8
            # also gives up reading after 5 s by default, and under load that race drops
            # connections ("Timeout reading"): reads get more time than the wait.
            # The pool holds one connection per group change or send in flight: 1,000
            # students closing their pages at once are 1,000 group_discard calls
            # (redis-py's default of 100 raised "Too many connections"). README: Classes.
            "CONFIG": {
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "socket_timeout": 30,
                        "socket_connect_timeout": 5,
                        "max_connections": REDIS_MAX_CONNECTIONS,
                    }
                ],
                # Messages waiting per channel, and per process for its own channels
                # (channels_redis keeps those in one list): a burst of 1,000 answers
                # queues a message per answer there, and a reveal arriving behind them
                # must not be dropped as "over capacity". They expire after a minute.
                "capacity": 5000,
            },
        }
    }
else:
    # One process only: fine for `make run` and tests, not for several workers.
    CHANNEL_LAYERS = {"default": {"BACKEND": "tutor.core.channel_layer.ChannelLayer"}}

# The cache holds rate-limit counts: shared through Redis when there is one, so
# that limits hold across server processes; per process otherwise.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "layerlab",
            # Fail fast when Redis is down: the site answers 503 (tutor/core/unavailable.py)
            # instead of every request hanging.
            "OPTIONS": {
                "socket_connect_timeout": 2,
                "socket_timeout": 5,
                "max_connections": REDIS_MAX_CONNECTIONS,
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Requests per minute per client address on the JSON API.
API_REQUESTS_PER_MINUTE = env_int("API_REQUESTS_PER_MINUTE", default=60, minimum=1)
# Puzzle answers per client address and minute: ratings are shared, so no script
# may push a puzzle's rating around.
PUZZLE_ANSWERS_PER_MINUTE = env_int("PUZZLE_ANSWERS_PER_MINUTE", default=30, minimum=1)
# Rated answers per puzzle and client address in any hour (a sliding hour): more are kept
# but move no rating, so a crowd of throwaway sessions behind one address can't push a
# puzzle around.
PUZZLE_RATED_ATTEMPTS_PER_HOUR = env_int("PUZZLE_RATED_ATTEMPTS_PER_HOUR", default=3, minimum=1)
# A learner's answer moves a puzzle's rating by (answered / this)^2 of a full change, up to
# all of it: a new session's first answer not at all (docs/ratings.md) ...
PUZZLE_ESTABLISHED_ANSWERS = env_int("PUZZLE_ESTABLISHED_ANSWERS", default=20, minimum=1)
# ... and an account is established (its disputes count) when it is this many days old and
# its learner has answered PUZZLE_ESTABLISHED_ANSWERS puzzles.
ESTABLISHED_ACCOUNT_DAYS = env_int("ESTABLISHED_ACCOUNT_DAYS", default=7, minimum=0)
# Open disputes from this many distinct established accounts take a puzzle out of ratings
# before staff decide; other disputes are kept for staff but never do (docs/ratings.md).
DISPUTES_TO_UNRATE = env_int("DISPUTES_TO_UNRATE", default=3, minimum=1)
# Accounts made per client address in any hour (a class signing up together fits).
SIGNUPS_PER_HOUR = env_int("SIGNUPS_PER_HOUR", default=30, minimum=1)
# Attempts to join a live class per client address and minute (join codes are short).
CLASS_JOINS_PER_MINUTE = env_int("CLASS_JOINS_PER_MINUTE", default=10, minimum=1)
# Wrong join codes per client address and minute, whatever the session: past it the address
# waits a minute, then twice as long each time it comes back over (classes/joinlimit.py).
CLASS_JOINS_PER_ADDRESS_PER_MINUTE = env_int(
    "CLASS_JOINS_PER_ADDRESS_PER_MINUTE", default=200, minimum=1
)
# A live-class student is online when a page of theirs was heard from this recently
# (live.js sends a heartbeat every 10 s).
CLASS_PRESENCE_SECONDS = env_int("CLASS_PRESENCE_SECONDS", default=30, minimum=15)
# Longest a teacher's push may spend working out the question (evaluating the board):
# longer is refused with a message, and never holds up another class.
CLASS_PUSH_BUDGET_MS = env_int("CLASS_PUSH_BUDGET_MS", default=1000, minimum=50)
# Engine work for the board pages, the JSON API and class pushes runs in worker processes
# that a hard limit can stop (tutor/core/engine_pool.py, docs/serving.md); false runs it
# in the request's own thread with no hard limit (the test suite does) ...
ENGINE_POOL = env_bool("ENGINE_POOL", default=True)
# ... this many workers per server process (one per core: the work is CPU-bound) ...
ENGINE_WORKERS = env_int("ENGINE_WORKERS", default=2, minimum=1, maximum=64)
# ... each task killed with its worker past this time (a class push: CLASS_PUSH_BUDGET_MS) ...
ENGINE_TASK_MS = env_int("ENGINE_TASK_MS", default=3000, minimum=100, maximum=600_000)
# ... each worker limited to this much memory (address space; a worker with the card
# library loaded takes about 150 MB before any board) ...
ENGINE_WORKER_MEMORY_MB = env_int("ENGINE_WORKER_MEMORY_MB", default=1024, minimum=256)
# ... and a request waiting this long for a free worker is answered 503 "busy" instead.
ENGINE_QUEUE_MS = env_int("ENGINE_QUEUE_MS", default=10_000, minimum=100, maximum=600_000)
# Behind a proxy, the header it puts the client's address in (e.g. X-Forwarded-For: the
# last address in it, which the proxy appended, is used). Unset: the connection's address.
# Only set it when a proxy is always in front and overwrites or appends that header.
CLIENT_ADDRESS_HEADER = env_str("DJANGO_CLIENT_ADDRESS_HEADER", default=None)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Static files ---------------------------------------------------------------

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Where `collectstatic` gathers files for production. Unset elsewhere: nothing is
# collected there, and WhiteNoise would warn about the missing folder.
STATIC_ROOT = BASE_DIR / "staticfiles" if PRODUCTION else None

# The manifest storage makes {% static %} look every file up in
# staticfiles/staticfiles.json, which only `collectstatic` writes: using it in
# tests or `make run` would fail with "Missing staticfiles manifest entry".
# So only production (which runs collectstatic when it deploys) gets hashed,
# compressed, cache-forever names; everywhere else uses plain names and
# WhiteNoise serves the files straight from the app and project static
# folders through Django's finders, so nothing needs collecting.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = not PRODUCTION
WHITENOISE_AUTOREFRESH = DEBUG

# --- Content security policy (django-csp 4) ---------------------------------------

# Strict: our own origin only, scripts also need the per-response nonce, and
# nothing inline (htmx's indicator style is switched off in base.html; its CSS
# lives in site.css). 'self' in connect-src also covers same-origin ws:/wss:
# in current browsers (CSP Level 3), so websockets need no extra source.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "object-src": [NONE],
    },
}

# --- Logging ----------------------------------------------------------------------

LOG_LEVEL = env_choice(
    "DJANGO_LOG_LEVEL", ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"), default="INFO"
)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "console": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "console"},
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        # Replace Django's own handlers (debug-only console, mail_admins): its
        # records go to the root console handler like everything else.
        "django": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
    },
}

# --- Accounts (optional: a learner without one is known by their session) ----------

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "progress"
LOGOUT_REDIRECT_URL = "home"

# Mail (password reset). With DJANGO_EMAIL_HOST set, mail goes out through that SMTP
# server; without it, development prints mail on the console and production has no
# mail at all, so password reset is not offered (its pages are not even routed): a
# reset that silently sends nothing is worse than none. README.md: "Mail".
EMAIL_HOST = env_str("DJANGO_EMAIL_HOST", default=None)
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = env_int("DJANGO_EMAIL_PORT", default=587, minimum=1, maximum=65535)
    EMAIL_HOST_USER = env_str("DJANGO_EMAIL_HOST_USER", default="") or ""
    EMAIL_HOST_PASSWORD = env_str("DJANGO_EMAIL_HOST_PASSWORD", default="") or ""
    EMAIL_USE_TLS = env_bool("DJANGO_EMAIL_USE_TLS", default=True)
elif PRODUCTION:
    EMAIL_BACKEND = "django.core.mail.backends.dummy.EmailBackend"
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = env_str("DJANGO_DEFAULT_FROM_EMAIL", default="webmaster@localhost")
PASSWORD_RESET_ENABLED = bool(EMAIL_HOST) or not PRODUCTION
