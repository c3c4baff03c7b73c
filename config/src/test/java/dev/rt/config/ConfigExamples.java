package dev.rt.config;

/** Complete configurations that use every setting of a kind, for the schema tests. */
final class ConfigExamples {
    private ConfigExamples() {
    }

    static final String FULL_RUNTIME = """
            {
              "$schema": "https://schemas.rt.dev/runtime/1.0.0.json",
              "autoload": {
                "path": "packages",
                "exclude": ["docs"],
                "mappings": {
                  "billing-svc": {
                    "id": "billing", "config": "rt.json", "useHttp": true, "workers": 2, "health": {"maxELU": 0.9},
                    "preload": "agent.jar", "arguments": ["--x"], "nodeOptions": "-Xss1m"
                  }
                }
              },
              "preload": ["agents/otel.jar"],
              "services": [{
                "id": "api", "path": "services/api", "gitBranch": "main", "config": "rt.json", "useHttp": false,
                "workers": 2,
                "health": {"enabled": true, "interval": 1000, "gracePeriod": 0, "maxUnhealthyChecks": 3, "maxELU": 0.5,
                           "maxHeapUsed": 0.8, "maxHeapTotal": "512M", "maxYoungGeneration": 134217728},
                "arguments": ["--verbose"], "envfile": ".env.api", "env": {"A": "1", "B": 2, "C": true},
                "sourceMaps": true, "packageManager": "maven", "preload": "agent.jar", "nodeOptions": "-Xss1m",
                "telemetry": {"instrumentations": ["jdbc", {"package": "http", "exportName": "Http", "options": {"x": 1}}],
                              "enabled": "true"},
                "dependencies": ["db"], "restartOnError": 100, "meshHostHeader": "service"
              }],
              "applications": [{"id": "db", "url": "https://github.com/acme/db.git", "gitBranch": "main"}],
              "web": [{"id": "frontend", "path": "web/frontend"}],
              "env": {"LOG": "info", "PORT": 3000, "DEBUG": false},
              "sourceMaps": false,
              "resolvedServicesBasePath": "external",
              "entrypoint": "api",
              "workers": 2,
              "gracefulShutdown": {"service": 5000, "runtime": 15000, "drain": 5000},
              "watch": false,
              "startTimeout": 60000,
              "restartOnError": 2000,
              "exitOnUnhandledErrors": true,
              "health": {"enabled": true, "interval": 10000, "gracePeriod": 5000, "maxUnhealthyChecks": 5, "maxELU": 0.95,
                         "maxHeapUsed": 0.9, "maxHeapTotal": "2GiB", "maxYoungGeneration": "256m"},
              "telemetry": {
                "serviceName": "shop", "version": "1.2.3", "skip": [{"method": "GET", "path": "/health"}],
                "exporter": [
                  {"type": "otlp", "options": {"url": "http://collector:4318/v1/traces", "headers": {"authorization": "Bearer x"}}},
                  {"type": "console"}
                ]
              },
              "basePath": "/api",
              "httpCache": {"store": "./cache-store.js", "methods": ["GET", "HEAD", "OPTIONS"], "cacheTagsHeader": "X-Cache-Tags",
                            "maxCount": 1000, "maxSize": 104857600, "maxEntrySize": 1048576},
              "server": {"hostname": "0.0.0.0", "port": 3042, "http2": true,
                         "https": {"allowHTTP1": true, "key": [{"path": "tls/key.pem"}], "cert": "-----BEGIN CERTIFICATE-----"}},
              "logger": {
                "level": "debug",
                "transport": {"targets": [{"target": "pino-pretty", "options": {"colorize": true}, "level": "info"},
                                          {"target": "file", "level": "trace"}],
                              "options": {"destination": 1}},
                "formatters": {"path": "formatters.js"}, "timestamp": "isoTime",
                "redact": {"paths": ["req.headers.authorization"], "censor": "***"},
                "captureStdio": true, "base": null, "messageKey": "message", "customLevels": {"audit": 35}
              },
              "undici": {
                "keepAliveTimeout": 4000, "keepAliveMaxTimeout": 600000, "connections": 128, "pipelining": 1,
                "headersTimeout": 30000, "bodyTimeout": 30000, "connectTimeout": 10000,
                "interceptors": [{"module": "idp-token-interceptor",
                                  "options": {"clientId": "id", "clientSecret": "secret", "idpTokenUrl": "https://idp/token",
                                              "origins": ["http://api.rt.local"]}}]
              },
              "serviceTimeout": 10000,
              "messagingTimeout": 10000,
              "metrics": {"enabled": "true", "hostname": "127.0.0.1", "port": 9191, "endpoint": "/prom",
                          "auth": {"username": "u", "password": "p"},
                          "readiness": {"endpoint": "/readyz", "success": {"statusCode": 204, "body": ""},
                                        "fail": {"statusCode": 503, "body": "down"}},
                          "liveness": false},
              "managementApi": {"logs": {"maxSize": 5}, "socket": "/tmp/rt.sock"},
              "scheduler": [
                {"enabled": true, "name": "nightly", "cron": "0 3 * * *", "callbackUrl": "http://api.rt.local/jobs/nightly",
                 "method": "POST", "body": {"full": true}, "headers": {"x-job": "nightly"}, "maxRetry": 5},
                {"name": "ping", "cron": "*/5 * * * *", "callbackUrl": "http://api.rt.local/ping", "body": "ping",
                 "maxRetries": 2, "enabled": "false"}
              ],
              "runtime": {"strictEnv": "warn"}
            }
            """;

    /** Every shared application setting, on the java kind. */
    static final String FULL_JAVA = """
            {
              "$schema": "https://schemas.rt.dev/java/1.0.0.json",
              "java": {"classpath": ["lib/*", "classes"], "build": "com.acme.Api"},
              "basePath": "/api",
              "application": {"basePath": "/shop"},
              "server": {"hostname": "127.0.0.1", "port": 3042, "http2": true, "https": {"key": "KEY", "cert": {"path": "cert.pem"}}},
              "watch": {"enabled": "true", "ignore": null, "allow": ["**/*.class"]},
              "telemetry": {
                "applicationName": "shop", "version": "1", "skip": [{"path": "/x"}],
                "exporter": {"type": "otlp", "options": {"url": "http://collector:4317", "protocol": "grpc", "headers": {"a": "b"}}},
                "diagLogger": true
              },
              "clients": [{"serviceId": "billing", "url": "http://billing.rt.local"}],
              "runtime": {
                "workers": 2, "strictEnv": true, "logger": {"level": "warn"}, "server": {"port": 3000},
                "metrics": true, "managementApi": true, "httpCache": true, "restartOnError": 0,
                "application": {"workers": 2, "env": {"A": "b"}, "health": {"maxHeapTotal": "1G"}}
              },
              "node": {"absoluteUrl": true}
            }
            """;

    static final String FULL_SERVICE = """
            {
              "$schema": "https://schemas.rt.dev/service/1.0.0.json",
              "service": {
                "graphql": {"graphiql": true},
                "openapi": {"info": {"title": "Shop", "version": "1.0.0"}, "prefix": "/api", "swaggerPrefix": "/docs", "ui": false}
              },
              "server": {
                "hostname": "127.0.0.1", "port": 3042, "healthCheck": {"interval": 1000},
                "cors": {"origin": [{"regexp": "^https://.*[.]acme[.]com$"}, "https://acme.com"], "methods": ["GET", "POST"],
                         "allowedHeaders": "content-type", "exposedHeaders": ["x-total"], "credentials": true, "maxAge": 600,
                         "optionsSuccessStatus": 200, "preflight": true, "strictPreflight": false,
                         "preflightContinue": false, "cacheControl": 300},
                "http2": true, "https": {"key": "KEY", "cert": {"path": "cert.pem"}},
                "logger": {"level": "warn", "transport": {"target": "pino/file", "options": {"destination": "app.log"}}},
                "pluginTimeout": 10000, "bodyLimit": 1048576, "maxParamLength": 200, "caseSensitive": true,
                "ignoreTrailingSlash": true, "connectionTimeout": 0, "keepAliveTimeout": 72000, "maxRequestsPerSocket": 0,
                "forceCloseConnections": "idle", "requestTimeout": 0, "disableRequestLogging": true, "exposeHeadRoutes": true,
                "serializerOpts": {"rounding": "floor"}, "ajv": {"customOptions": {"coerceTypes": false, "useDefaults": false,
                                                                  "removeAdditional": "all", "allErrors": true}},
                "requestIdHeader": false, "requestIdLogLabel": "requestId", "jsonShorthand": false,
                "trustProxy": ["127.0.0.1", "10.0.0.0/8"], "errorHandler": "./error-handler.js"
              },
              "plugins": {
                "packages": ["a", {"name": "b", "options": {"x": 1}}],
                "paths": ["routes", {"path": "plugins", "options": {}, "encapsulate": false, "maxDepth": 2, "autoHooks": true,
                                     "autoHooksPattern": "hooks", "cascadeHooks": true, "overwriteHooks": false,
                                     "routeParams": true, "forceESM": false, "ignoreFilter": "test", "matchFilter": "js$",
                                     "ignorePattern": "^_", "indexPattern": "index"}],
                "typescript": {"enabled": "true", "tsConfig": "tsconfig.json", "outDir": "dist", "flags": ["--strict"]}
              },
              "watch": "false"
            }
            """;

    static final String FULL_DB = """
            {
              "$schema": "https://schemas.rt.dev/db/1.0.0.json",
              "db": {
                "connectionString": "sqlite://./db.sqlite",
                "graphql": {"graphiql": false},
                "openapi": {
                  "info": {"title": "Movies", "version": "1.0.0"},
                  "components": {"securitySchemes": {"bearerAuth": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}}},
                  "security": [{"bearerAuth": []}]
                },
                "ignore": {"versions": true, "movies": {"secret": true}},
                "include": {"movies": true},
                "events": false,
                "schemalock": {"path": "schema.lock"},
                "limit": {"default": 20, "max": 200},
                "autoTimestamp": {"createdAt": "inserted_at"}
              },
              "migrations": {"dir": "migrations", "autoApply": true, "table": "versions", "validateChecksums": false,
                             "newline": "LF", "currentSchema": "public"},
              "types": {"autogenerate": true, "dir": "types"},
              "server": {"port": 3043, "healthCheck": true}
            }
            """;

    static final String FULL_GATEWAY = """
            {
              "$schema": "https://schemas.rt.dev/gateway/1.0.0.json",
              "gateway": {
                "applications": [
                  {"id": "api", "origin": "http://api.rt.local",
                   "openapi": {"url": "/documentation/json", "prefix": "/api", "config": "api-openapi.json"},
                   "graphql": true, "proxy": false},
                  {"id": "front", "proxy": {"prefix": "/", "hostname": "shop.example.com", "methods": ["GET"], "routes": ["/*"]}}
                ],
                "refreshTimeout": 0,
                "openapi": {"title": "Shop", "version": "1.0.0", "swaggerPrefix": "/docs"},
                "graphql": {"graphiql": true}
              },
              "node": {"absoluteUrl": false}
            }
            """;

    static final String FULL_COMPOSER = """
            {
              "$schema": "https://schemas.rt.dev/composer/1.0.0.json",
              "composer": {
                "services": [
                  {"id": "api", "origin": "http://api.rt.local", "openapi": {"file": "schemas/api.json", "prefix": "/api"}},
                  {"id": "billing", "openapi": {"url": "/documentation/json"}}
                ],
                "refreshTimeout": 2000,
                "openapi": {"title": "Composed"}
              }
            }
            """;
}
