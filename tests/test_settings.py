"""tutor/settings.py in each mode, loaded in a fresh process with a chosen environment."""

import json
import os
import subprocess
import sys

import pytest
from django.conf import settings

PRODUCTION = {
    "DJANGO_ENV": "production",
    "DJANGO_SECRET_KEY": "pr0duction-Secret-for-tests-only-" + "x7Kq2mZ9vLw4Rt8Y" * 3,
    "DJANGO_ALLOWED_HOSTS": "layerlab.example,www.layerlab.example",
}


def clean_environ(**overrides):
    """This process's environment without our settings variables, plus ``overrides``."""
    environ = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    environ["DJANGO_SETTINGS_MODULE"] = "tutor.settings"
    return {**environ, **overrides}


def run_python(repo_root, args, environ):
    return subprocess.run(
        [sys.executable, *args],
        cwd=repo_root,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
    )


def load_settings(repo_root, environ, *names):
    """The named settings as JSON-able values, or the ImproperlyConfigured message."""
    code = (
        "import json, sys\n"
        "from django.core.exceptions import ImproperlyConfigured\n"
        "try:\n"
        "    import tutor.settings as s\n"
        "except ImproperlyConfigured as error:\n"
        "    print(json.dumps({'error': str(error)}))\n"
        "    sys.exit(0)\n"
        f"print(json.dumps({{n: getattr(s, n, None) for n in {list(names)!r}}}, default=str))\n"
    )
    result = run_python(repo_root, ["-c", code], environ)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_deploy_check_passes_with_production_settings(repo_root):
    result = run_python(
        repo_root,
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        clean_environ(**PRODUCTION),
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_turns_on_https_protections(repo_root):
    values = load_settings(
        repo_root,
        clean_environ(**PRODUCTION),
        "DEBUG",
        "ALLOWED_HOSTS",
        "SECURE_SSL_REDIRECT",
        "SESSION_COOKIE_SECURE",
        "CSRF_COOKIE_SECURE",
        "SECURE_HSTS_SECONDS",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS",
        "SECURE_HSTS_PRELOAD",
        "SECURE_PROXY_SSL_HEADER",
        "STORAGES",
    )

    assert values["DEBUG"] is False
    assert values["ALLOWED_HOSTS"] == ["layerlab.example", "www.layerlab.example"]
    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SESSION_COOKIE_SECURE"] is True
    assert values["CSRF_COOKIE_SECURE"] is True
    assert values["SECURE_HSTS_SECONDS"] == 31_536_000
    assert values["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True
    assert values["SECURE_HSTS_PRELOAD"] is True
    assert values["SECURE_PROXY_SSL_HEADER"] is None
    assert values["STORAGES"]["staticfiles"]["BACKEND"] == (
        "whitenoise.storage.CompressedManifestStaticFilesStorage"
    )


def test_production_trusts_the_proxy_header_only_when_asked(repo_root):
    environ = clean_environ(**PRODUCTION, DJANGO_SECURE_PROXY_SSL_HEADER="true")

    values = load_settings(repo_root, environ, "SECURE_PROXY_SSL_HEADER")

    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"DJANGO_SECRET_KEY": ""}, "DJANGO_SECRET_KEY is not set"),
        ({"DJANGO_SECRET_KEY": "short"}, "DJANGO_SECRET_KEY is too weak for production"),
        ({"DJANGO_ALLOWED_HOSTS": ""}, "DJANGO_ALLOWED_HOSTS is not set"),
        ({"DJANGO_DEBUG": "true"}, "DJANGO_DEBUG=true is not allowed with DJANGO_ENV=production"),
    ],
    ids=["no-secret-key", "short-secret-key", "no-allowed-hosts", "debug-on"],
)
def test_production_refuses_to_start_with_a_clear_error(repo_root, overrides, message):
    values = load_settings(repo_root, clean_environ(**{**PRODUCTION, **overrides}), "DEBUG")

    assert values["error"].startswith(message)


def test_bad_value_stops_start_up_naming_the_variable(repo_root):
    values = load_settings(repo_root, clean_environ(DJANGO_DEBUG="maybe"), "DEBUG")

    assert values["error"].startswith("DJANGO_DEBUG='maybe' is not a boolean: use one of true")


def test_development_defaults_are_safe_and_need_no_set_up(repo_root):
    environ = clean_environ()
    environ.pop("DATABASE_URL", None)
    environ.pop("REDIS_URL", None)

    values = load_settings(
        repo_root, environ, "DEBUG", "ALLOWED_HOSTS", "DATABASES", "CHANNEL_LAYERS", "STORAGES"
    )

    assert values["DEBUG"] is False
    assert values["ALLOWED_HOSTS"] == ["localhost", "127.0.0.1", "[::1]"]
    assert values["DATABASES"]["default"]["ENGINE"] == "django.db.backends.sqlite3"
    assert values["DATABASES"]["default"]["NAME"] == str(repo_root / "db.sqlite3")
    # channels' in-memory layer, cleaning expired entries once a second (issue 15).
    assert values["CHANNEL_LAYERS"]["default"]["BACKEND"] == (
        "tutor.core.channel_layer.ChannelLayer"
    )
    assert values["STORAGES"]["staticfiles"]["BACKEND"] == (
        "django.contrib.staticfiles.storage.StaticFilesStorage"
    )


def test_service_urls_switch_to_postgresql_and_redis(repo_root):
    environ = clean_environ(
        DATABASE_URL="postgres://layerlab@db.internal:5432/layerlab",
        REDIS_URL="redis://cache.internal:6379/1",
    )

    values = load_settings(repo_root, environ, "DATABASES", "CHANNEL_LAYERS")

    database = values["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert (database["HOST"], database["PORT"], database["NAME"]) == (
        "db.internal",
        5432,
        "layerlab",
    )
    # Pooled connections (issue 15): psycopg's pool, and a Redis pool for 1,000 students.
    assert database["OPTIONS"]["pool"]["max_size"] == 20
    assert values["CHANNEL_LAYERS"]["default"] == {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {
            "hosts": [
                {
                    "address": "redis://cache.internal:6379/1",
                    "socket_timeout": 30,
                    "socket_connect_timeout": 5,
                    "max_connections": 1500,
                }
            ],
            "capacity": 5000,
        },
    }


def test_static_files_are_served_without_collectstatic(client):
    # The test settings are the development ones: no manifest to look files up in.
    response = client.get("/static/css/site.css")

    assert response.status_code == 200
    assert b".skip-link" in b"".join(response.streaming_content)


def test_whitenoise_comes_right_after_the_security_middleware():
    assert settings.MIDDLEWARE[:2] == [
        "django.middleware.security.SecurityMiddleware",
        "whitenoise.middleware.WhiteNoiseMiddleware",
    ]


def test_daphne_is_the_first_app_so_runserver_serves_asgi():
    assert settings.INSTALLED_APPS[0] == "daphne"
    assert settings.ASGI_APPLICATION == "tutor.asgi.application"


def test_mail_comes_from_the_environment(repo_root):
    development = load_settings(
        repo_root, clean_environ(), "EMAIL_BACKEND", "PASSWORD_RESET_ENABLED"
    )
    assert development["EMAIL_BACKEND"].endswith("console.EmailBackend")
    assert development["PASSWORD_RESET_ENABLED"] is True
    bare = load_settings(
        repo_root, clean_environ(**PRODUCTION), "EMAIL_BACKEND", "PASSWORD_RESET_ENABLED"
    )
    assert bare["EMAIL_BACKEND"].endswith("dummy.EmailBackend")
    assert bare["PASSWORD_RESET_ENABLED"] is False
    mailing = load_settings(
        repo_root,
        clean_environ(**PRODUCTION, DJANGO_EMAIL_HOST="smtp.example", DJANGO_EMAIL_PORT="2525"),
        "EMAIL_BACKEND",
        "EMAIL_HOST",
        "EMAIL_PORT",
        "PASSWORD_RESET_ENABLED",
    )
    assert mailing["EMAIL_BACKEND"].endswith("smtp.EmailBackend")
    assert (mailing["EMAIL_HOST"], mailing["EMAIL_PORT"]) == ("smtp.example", 2525)
    assert mailing["PASSWORD_RESET_ENABLED"] is True


def _reload_urls():
    import importlib

    from django.urls import clear_url_caches

    import tutor.learn.urls
    import tutor.urls

    importlib.reload(tutor.learn.urls)
    importlib.reload(tutor.urls)
    clear_url_caches()


@pytest.mark.django_db
def test_password_reset_is_offered_only_when_mail_can_go_out(settings, client):
    login = client.get("/accounts/login/").content.decode()
    assert "Forgot your password?" in login
    assert client.get("/accounts/password_reset/").status_code == 200
    settings.PASSWORD_RESET_ENABLED = False
    _reload_urls()
    try:
        assert "Forgot your password?" not in client.get("/accounts/login/").content.decode()
        assert client.get("/accounts/password_reset/").status_code == 404
    finally:
        settings.PASSWORD_RESET_ENABLED = True
        _reload_urls()
