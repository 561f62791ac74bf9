package flowproof.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Headless Chromium (the Debian package) driven over its DevTools protocol with the JDK's own
 * WebSocket client: no Selenium, no driver binary. One browser, one page; the test navigates,
 * evaluates expressions, sends real key events, and collects the page's uncaught exceptions and
 * console errors.
 */
final class HeadlessChromium implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> BINARIES = List.of("chromium", "chromium-browser", "google-chrome");

    private final Process process;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private final Path profile;

    /** The first Chromium binary on the PATH, if any. */
    static Optional<Path> binary() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String name : BINARIES) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    HeadlessChromium(Path binary, int width, int height) throws IOException, InterruptedException {
        profile = Files.createTempDirectory("flowproof-chromium");
        process = new ProcessBuilder(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
            "--disable-dev-shm-usage", "--no-first-run", "--hide-scrollbars", "--remote-debugging-port=0",
            "--user-data-dir=" + profile, "--window-size=" + width + "," + height, "about:blank")
            .redirectErrorStream(true).start();
        String ws = null;
        BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        StringBuilder seen = new StringBuilder();
        for (String line; ws == null && System.nanoTime() < deadline && (line = r.readLine()) != null; ) {
            seen.append(line).append('\n');
            int at = line.indexOf("ws://");
            if (line.contains("DevTools listening on") && at >= 0) {
                ws = line.substring(at).trim();
            }
        }
        if (ws == null) {
            process.destroyForcibly();
            throw new IOException("chromium did not open its DevTools port:\n" + seen);
        }
        // keep draining its output so that it never blocks on a full pipe
        Thread drain = new Thread(() -> {
            try {
                while (r.readLine() != null) {
                    // discarded
                }
            } catch (IOException ignored) {
                // the browser exited
            }
        });
        drain.setDaemon(true);
        drain.start();
        URI browser = URI.create(ws);
        HttpClient http = HttpClient.newHttpClient();
        String list = http.send(HttpRequest.newBuilder(URI.create("http://" + browser.getAuthority() + "/json/list"))
            .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString()).body();
        String pageWs = null;
        for (JsonNode t : JSON.readTree(list)) {
            if ("page".equals(t.path("type").asText())) {
                pageWs = t.path("webSocketDebuggerUrl").asText();
                break;
            }
        }
        if (pageWs == null) {
            process.destroyForcibly();
            throw new IOException("chromium has no page target: " + list);
        }
        try {
            socket = http.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(30))
                .buildAsync(URI.create(pageWs), new Listener()).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            process.destroyForcibly();
            throw new IOException("cannot connect to chromium's page: " + e);
        }
        send("Runtime.enable", JSON.createObjectNode());
        send("Page.enable", JSON.createObjectNode());
        send("Log.enable", JSON.createObjectNode());
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String message = partial.toString();
                partial.setLength(0);
                try {
                    JsonNode m = JSON.readTree(message);
                    if (m.has("id")) {
                        CompletableFuture<JsonNode> f = pending.remove(m.get("id").asInt());
                        if (f != null) {
                            f.complete(m);
                        }
                    } else {
                        event(m);
                    }
                } catch (IOException e) {
                    errors.add("unreadable DevTools message: " + e.getMessage());
                }
            }
            webSocket.request(1);
            return null;
        }
    }

    private void event(JsonNode m) {
        String method = m.path("method").asText();
        JsonNode p = m.path("params");
        if (method.equals("Runtime.exceptionThrown")) {
            JsonNode d = p.path("exceptionDetails");
            errors.add("exception: " + d.path("exception").path("description").asText(d.path("text").asText()));
        } else if (method.equals("Runtime.consoleAPICalled") && p.path("type").asText().equals("error")) {
            errors.add("console.error: " + p.path("args").toString());
        } else if (method.equals("Log.entryAdded") && p.path("entry").path("level").asText().equals("error")) {
            errors.add("log: " + p.path("entry").path("text").asText() + " " + p.path("entry").path("url").asText());
        }
    }

    /** Sends one command and waits for its answer; a protocol error is an exception. */
    JsonNode send(String method, ObjectNode params) throws IOException {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        pending.put(id, f);
        ObjectNode m = JSON.createObjectNode().put("id", id).put("method", method);
        m.set("params", params);
        socket.sendText(m.toString(), true).join();
        JsonNode answer;
        try {
            answer = f.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IOException(method + ": no answer from chromium (" + e + ")");
        }
        if (answer.has("error")) {
            throw new IOException(method + ": " + answer.get("error"));
        }
        return answer.path("result");
    }

    /** Opens a URL and waits until the page says it is ready ({@code body[data-ready]}), or 30 s. */
    void open(String url) throws IOException, InterruptedException {
        errors.clear();
        send("Page.navigate", JSON.createObjectNode().put("url", url));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            JsonNode v = evaluate("document.readyState === 'complete' && document.body !== null "
                + "&& document.location.href === " + JSON.writeValueAsString(url)
                + " && document.body.getAttribute('data-ready') === 'true'");
            if (v.asBoolean()) {
                return;
            }
            if (!errors.isEmpty()) {
                return;
            }
            Thread.sleep(50);
        }
        throw new IOException(url + ": the page did not become ready in 30 s");
    }

    /** The value of a JavaScript expression (JSON-serialisable). */
    JsonNode evaluate(String expression) throws IOException {
        JsonNode r = send("Runtime.evaluate", JSON.createObjectNode().put("expression", expression)
            .put("returnByValue", true));
        if (r.has("exceptionDetails")) {
            throw new IOException(expression + ": " + r.get("exceptionDetails"));
        }
        return r.path("result").path("value");
    }

    /** Presses and releases a key as a user would (e.g. ArrowRight, Home, End). */
    void press(String key, int keyCode) throws IOException {
        for (String type : new String[] {"keyDown", "keyUp"}) {
            send("Input.dispatchKeyEvent", JSON.createObjectNode().put("type", type).put("key", key).put("code", key)
                .put("windowsVirtualKeyCode", keyCode).put("nativeVirtualKeyCode", keyCode));
        }
    }

    /** A PNG of the whole page. */
    byte[] screenshot() throws IOException {
        JsonNode r = send("Page.captureScreenshot", JSON.createObjectNode().put("format", "png")
            .put("captureBeyondViewport", true));
        return Base64.getDecoder().decode(r.path("data").asText());
    }

    /** The page's uncaught exceptions and console errors since it was opened. */
    List<String> errors() {
        return new ArrayList<>(errors);
    }

    @Override
    public void close() throws IOException {
        try {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "").get(5, TimeUnit.SECONDS);
        } catch (Exception ignored) {
            // the browser is killed next anyway
        }
        // Chromium's helper processes (network service, zygote) can outlive the main process and
        // keep writing to the profile: stop them all before the profile is removed.
        List<ProcessHandle> family = new ArrayList<>(process.descendants().toList());
        family.add(process.toHandle());
        family.forEach(ProcessHandle::destroy);
        try {
            for (ProcessHandle h : family) {
                try {
                    h.onExit().get(10, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    h.destroyForcibly();
                    h.onExit().get(10, TimeUnit.SECONDS);
                }
            }
        } catch (InterruptedException e) {
            family.forEach(ProcessHandle::destroyForcibly);
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            family.forEach(ProcessHandle::destroyForcibly);
        }
        deleteProfile();
    }

    /** Removes the temporary profile; files that vanish while it is walked are not an error. */
    private void deleteProfile() throws IOException {
        Files.walkFileTree(profile, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file,
                BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null && !(e instanceof NoSuchFileException)) {
                    throw e;
                }
                try {
                    Files.deleteIfExists(dir);
                } catch (DirectoryNotEmptyException late) {
                    // a file written after the walk passed: left to the system's temporary-file cleanup
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
