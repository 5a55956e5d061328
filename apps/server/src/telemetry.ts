// Traces through OpenTelemetry, only when OTEL_EXPORTER_OTLP_ENDPOINT names a collector (docs/ops/README.md).
// `pnpm start` loads this file before the server (`node --import ./dist/telemetry.js dist/index.js`): the
// instrumentations must be in place before Fastify, http and pg are loaded. Without the variable this file does
// nothing and none of the SDK is loaded (the imports below are dynamic), so tracing costs nothing when it is off.
//
// What is traced: every HTTP request and outgoing HTTP call (@opentelemetry/instrumentation-http), Fastify's
// routes, hooks and handlers (@fastify/otel, which joins each Fastify instance as it is made), and each PostgreSQL
// query (@opentelemetry/instrumentation-pg). Spans go to `<endpoint>/v1/traces` over OTLP/HTTP; the SDK reads the
// usual OTEL_* variables (OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER, OTEL_EXPORTER_OTLP_HEADERS, ...).

export {};

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const [
    { NodeSDK },
    { OTLPTraceExporter },
    { HttpInstrumentation },
    { PgInstrumentation },
    { FastifyOtelInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
  ]);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'rhema',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        // the probes and the scrape are asked every few seconds: no trace for each
        ignoreIncomingRequestHook: (request) => /^\/(healthz|readyz|metrics)(\?|$)/.test(request.url ?? ''),
      }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  // the spans still buffered are sent once the server has drained and its event loop empties (index.ts, shutdown)
  let ending = false;
  process.on('beforeExit', () => {
    if (ending) return;
    ending = true;
    void sdk.shutdown().catch((error: unknown) => console.warn(`telemetry: ${String(error)}`));
  });
}
