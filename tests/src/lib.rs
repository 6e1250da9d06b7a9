//! End-to-end harness for the calculator page: serves the optimised build in `dist/`, starts a
//! WebDriver server with its browser (Debian's `chromedriver` with headless Chromium,
//! `geckodriver` with headless Firefox ESR, or `WebKitWebDriver` with WebKitGTK's MiniBrowser
//! under `xvfb-run`; see [`Engine`]), and drives the page the way a person does, through the
//! same client on every engine.
//!
//! The integration tests (`tests/e2e/`) and the page benchmark (`src/bin/bench-web.rs`) share it.
//!
//! ```no_run
//! # async fn demo() -> Result<(), gpu_tco_e2e::Error> {
//! let h = gpu_tco_e2e::Harness::start().await?;
//! h.open("/?lang=en").await?;
//! h.wait_for_text("result-productive-hours", "336 h").await?;
//! h.finish().await;
//! # Ok(())
//! # }
//! ```
//!
//! `dist/` must exist beforehand (`make dist`); the harness never builds the page itself.

use std::net::{SocketAddr, TcpListener as StdListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::key::Key;
use fantoccini::wd::{Capabilities, WebDriverCompatibleCommand};
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};
use tokio::sync::oneshot;

/// Where Debian installs the browser and its driver (`apt-get install chromium chromium-driver`).
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// See [`CHROMIUM`].
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// Debian's Firefox ESR (`apt-get install firefox-esr`); its driver is [`geckodriver`].
pub const FIREFOX: &str = "/usr/bin/firefox-esr";
/// Debian's WebDriver server for WebKitGTK (`apt-get install webkit2gtk-driver`), which starts
/// the [`minibrowser`].
pub const WEBKIT_DRIVER: &str = "/usr/bin/WebKitWebDriver";
/// The folder of WebKitGTK's API version under `/usr/lib/<architecture>/`.
const WEBKIT_API: &str = "webkit2gtk-4.1";
/// Debian's `xvfb-run` (`apt-get install xvfb`): MiniBrowser needs a display, and this machine
/// has none.
pub const XVFB_RUN: &str = "/usr/bin/xvfb-run";
/// The file in the driver's folder that takes its output (and the browser's).
const DRIVER_LOG: &str = "driver.log";

/// How long a wait for the page polls before it gives up (a loaded two-core machine installs the
/// service worker of a 2 MB build in a few seconds, and three browsers share it; WebKit under
/// xvfb once took over 20 s to open a link there, so the waits allow 40: a passing run never
/// waits that long).
pub const WAIT: Duration = Duration::from_secs(40);
/// How long a page whose ready element is shown may take to finish loading (its frames, its
/// images) before the steps go on regardless.
const LOADED_WAIT: Duration = Duration::from_secs(10);
const POLL: Duration = Duration::from_millis(20);

/// The browser window (CSS pixels of the outer window) at the start of a session and again
/// after [`Harness::at_window_width`]: a desktop window tall enough to show most of the page.
pub const WINDOW: (u32, u32) = (1280, 2000);

/// Runs `probe` every few milliseconds until it answers `Ok(value)`, and returns that value.
/// `probe` answers `Err(seen)` for "not yet" (with what it saw), and fails the wait by failing
/// itself.
///
/// # Errors
///
/// What `probe` fails with, or `timeout(seen)` with the last thing seen if the answer is still
/// "not yet" after [`WAIT`].
pub async fn poll<T, S>(
    mut probe: impl AsyncFnMut() -> Result<std::result::Result<T, S>>,
    timeout: impl FnOnce(S) -> String,
) -> Result<T> {
    let deadline = Instant::now() + WAIT;
    loop {
        match probe().await? {
            Ok(v) => return Ok(v),
            Err(seen) if Instant::now() > deadline => return Err(Error(timeout(seen))),
            Err(_) => tokio::time::sleep(POLL).await,
        }
    }
}

/// What went wrong while driving the page; the message says what and where.
#[derive(Debug)]
pub struct Error(pub String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl Error {
    /// Whether WebKit's driver could not read a script's result because a frame the script
    /// read was navigating meanwhile (a lazy frame scrolled into view starts to load): the
    /// frame is not there yet, nothing failed.
    pub fn frame_was_navigating(&self) -> bool {
        self.0.contains("Could not parse script result")
    }
}

/// Result of the harness helpers.
pub type Result<T, E = Error> = std::result::Result<T, E>;

fn err<E: std::fmt::Display>(context: impl std::fmt::Display) -> impl FnOnce(E) -> Error {
    move |e| Error(format!("{context}: {e}"))
}

/// The workspace root (the folder above this crate).
pub fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

/// The folder served: the workspace's `dist/` (the output of `make dist`), or the folder named
/// by the environment variable `GPU_TCO_DIST` (to try a build kept elsewhere).
pub fn dist_dir() -> PathBuf {
    std::env::var_os("GPU_TCO_DIST")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("dist"))
}

/// Whether `path` is a precompressed copy the build writes beside a file (`.gz`, `.br`).
pub fn is_precompressed(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "gz" || e == "br")
}

/// The files of `dist/`, sorted by name, without the precompressed copies beside them; fails
/// with "run make dist first" if there is no build.
pub fn dist_files() -> Result<Vec<PathBuf>> {
    let dir = dist_dir();
    let missing = || {
        Error(format!(
            "{} has no built page: run make dist first",
            dir.display()
        ))
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|_| missing())?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && !is_precompressed(p))
        .collect();
    files.sort();
    let has = |ext: &str| {
        files
            .iter()
            .any(|p| p.extension().is_some_and(|e| e == ext))
    };
    if !dir.join("index.html").is_file() || !has("wasm") || !has("js") {
        return Err(missing());
    }
    Ok(files)
}

/// The file names in `dist/` that end in `.ext`.
pub fn dist_names(ext: &str) -> Result<Vec<String>> {
    Ok(dist_files()?
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect())
}

/// The files of `dist/` that `index.html` itself loads (trunk's module loader, the wasm and the
/// style sheet), by name; `dist/` also holds files the calculator page never loads (`api.js`,
/// `embed.js`, `sw.js`, the demo page).
///
/// # Errors
///
/// If there is no build.
pub fn page_assets() -> Result<Vec<String>> {
    page_assets_of("index.html")
}

/// The same for another page of the build (`embed.html`).
///
/// # Errors
///
/// As [`page_assets`].
pub fn page_assets_of(page: &str) -> Result<Vec<String>> {
    dist_files()?;
    let index =
        std::fs::read_to_string(dist_dir().join(page)).map_err(err("read a page of dist/"))?;
    let re = regex::Regex::new(
        r#"(?:href|from|module_or_path:) ?=? ?['"]/?([^'"/]+\.(?:js|wasm|css))['"]"#,
    )
    .map_err(err("asset pattern"))?;
    let mut names: Vec<String> = re
        .captures_iter(&index)
        .filter_map(|c| c.get(1).map(|m| m.as_str().to_owned()))
        .collect();
    names.sort();
    names.dedup();
    Ok(names)
}

/// The single-file edition written by `make single` (`dist-single/gpu-tco-calculator.html`), or
/// the file named by the environment variable `GPU_TCO_SINGLE`.
pub fn single_file() -> PathBuf {
    std::env::var_os("GPU_TCO_SINGLE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            workspace_root()
                .join("dist-single")
                .join("gpu-tco-calculator.html")
        })
}

/// The `file://` URL of [`single_file`]; fails with "run make single first" if it is missing.
pub fn single_file_url() -> Result<String> {
    let path = single_file();
    let path = path
        .canonicalize()
        .map_err(|e| Error(format!("{}: {e} (run make single first)", path.display())))?;
    url::Url::from_file_path(&path)
        .map(String::from)
        .map_err(|()| Error(format!("{} has no file URL", path.display())))
}

/// `dist/` served over HTTP on a loopback port, in-process (axum + tower-http `ServeDir`, sending
/// the build's `.gz` or `.br` copy of a file to a browser that accepts it). It can
/// be stopped and started again on the same port, e.g. to show that an installed page works
/// offline (the origin, and with it the service worker's cache, stays the same).
#[derive(Debug)]
pub struct Server {
    /// `http://127.0.0.1:PORT`, without a trailing slash.
    pub origin: String,
    addr: SocketAddr,
    /// The folder served: [`dist_dir`] unless [`Server::serve_from`] changed it.
    root: Mutex<PathBuf>,
    running: Mutex<Option<Running>>,
    /// Every request answered: (path, status), in order.
    requests: Arc<Mutex<Vec<(String, u16)>>>,
}

/// The stop signal and the task of a running server.
#[derive(Debug)]
struct Running {
    stop: oneshot::Sender<()>,
    task: tokio::task::JoinHandle<()>,
}

impl Server {
    /// Serves `dist/` on the current tokio runtime, on a free port.
    ///
    /// # Errors
    ///
    /// If `dist/` has no build, or no port can be bound.
    pub async fn start() -> Result<Server> {
        dist_files()?;
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
            .await
            .map_err(err("bind the page server"))?;
        let addr = listener
            .local_addr()
            .map_err(err("address of the page server"))?;
        let server = Server {
            origin: format!("http://{addr}"),
            addr,
            root: Mutex::new(dist_dir()),
            running: Mutex::new(None),
            requests: Arc::new(Mutex::new(Vec::new())),
        };
        server.serve(listener);
        Ok(server)
    }

    fn serve(&self, listener: tokio::net::TcpListener) {
        let root = self
            .root
            .lock()
            .map(|r| r.clone())
            .unwrap_or_else(|_| dist_dir());
        let log = Arc::clone(&self.requests);
        let app = axum::Router::new()
            .fallback_service(
                // The build's precompressed copies, as a server configured for them sends
                // them: every browser step then runs on the bytes the budget counts.
                tower_http::services::ServeDir::new(root)
                    .append_index_html_on_directories(true)
                    .precompressed_gzip()
                    .precompressed_br(),
            )
            .layer(axum::middleware::from_fn(
                move |req: axum::extract::Request, next: axum::middleware::Next| {
                    let log = Arc::clone(&log);
                    async move {
                        let path = req.uri().path().to_owned();
                        let response = next.run(req).await;
                        if let Ok(mut log) = log.lock() {
                            log.push((path, response.status().as_u16()));
                        }
                        response
                    }
                },
            ));
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = stopped.await;
                })
                .await;
        });
        if let Ok(mut running) = self.running.lock() {
            *running = Some(Running { stop, task });
        }
    }

    /// Every request the server has answered so far, as (path, HTTP status), in order.
    pub fn requests(&self) -> Vec<(String, u16)> {
        self.requests.lock().map(|r| r.clone()).unwrap_or_default()
    }

    /// Whether the server is serving (between [`Server::start`] or [`Server::restart`] and
    /// [`Server::stop`]).
    pub fn is_running(&self) -> bool {
        self.running.lock().is_ok_and(|r| r.is_some())
    }

    /// Stops serving: the port is closed and every connection ended when this returns.
    ///
    /// # Errors
    ///
    /// If the server does not shut down within [`WAIT`], or the port still accepts connections.
    pub async fn stop(&self) -> Result<()> {
        let running = self.running.lock().ok().and_then(|mut r| r.take());
        if let Some(Running { stop, task }) = running {
            let _ = stop.send(());
            let abort = task.abort_handle();
            if tokio::time::timeout(WAIT, task).await.is_err() {
                abort.abort();
                return Err(Error(format!(
                    "the page server did not shut down within {WAIT:?}"
                )));
            }
        }
        if tokio::net::TcpStream::connect(self.addr).await.is_ok() {
            return Err(Error(format!("{} still accepts connections", self.origin)));
        }
        Ok(())
    }

    /// Serves `dist/` again on the same port after [`Server::stop`] (a no-op while running).
    ///
    /// # Errors
    ///
    /// If the port cannot be bound again within [`WAIT`].
    pub async fn restart(&self) -> Result<()> {
        if self.is_running() {
            return Ok(());
        }
        let listener = poll(
            async || Ok(tokio::net::TcpListener::bind(self.addr).await),
            |e| format!("bind {} again: {e}", self.addr),
        )
        .await?;
        self.serve(listener);
        Ok(())
    }
}

impl Server {
    /// Serves `dir` instead from now on, on the same origin (e.g. a changed copy of the build,
    /// as a new release would be): stops, switches, starts again.
    ///
    /// # Errors
    ///
    /// As [`Server::stop`] and [`Server::restart`].
    pub async fn serve_from(&self, dir: &Path) -> Result<()> {
        self.stop().await?;
        if let Ok(mut root) = self.root.lock() {
            *root = dir.to_path_buf();
        }
        self.restart().await
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(Running { stop, .. }) = self.running.get_mut().ok().and_then(Option::take) {
            let _ = stop.send(());
        }
    }
}

/// A browser engine the tests drive, each through its own WebDriver server and the same client.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Engine {
    /// Debian's Chromium, headless, through Debian's `chromedriver`.
    Chromium,
    /// Debian's Firefox ESR, headless, through `geckodriver` (from crates.io).
    Firefox,
    /// WebKitGTK's MiniBrowser (the engine of Safari and of every iPhone browser) through
    /// Debian's `WebKitWebDriver`, on an Xvfb display of its own (`xvfb-run`).
    WebKit,
}

impl Engine {
    /// Every engine, in the order the tests run them (Chromium first: the others compare what
    /// they show with what it showed).
    pub const ALL: [Engine; 3] = [Engine::Chromium, Engine::Firefox, Engine::WebKit];

    /// The engine's name in `GPU_TCO_ENGINES` and in messages: `chromium`, `firefox`, `webkit`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Chromium => "chromium",
            Engine::Firefox => "firefox",
            Engine::WebKit => "webkit",
        }
    }

    /// The engines to test: all of them, or those named in the comma-separated environment
    /// variable `GPU_TCO_ENGINES` (e.g. `firefox,webkit`, while working on one).
    pub fn selected() -> Vec<Engine> {
        match std::env::var("GPU_TCO_ENGINES") {
            Ok(only) if !only.trim().is_empty() => Engine::ALL
                .into_iter()
                .filter(|e| only.split(',').any(|w| w.trim() == e.name()))
                .collect(),
            _ => Engine::ALL.to_vec(),
        }
    }

    /// Whether the tests can read the browser's console ([`Harness::browser_log`]): Chromium
    /// through chromedriver's log endpoint, Firefox through its output. Not WebKit:
    /// WebKitWebDriver has no log endpoint, and MiniBrowser's setting that writes the console
    /// to its output (`--enable-write-console-messages-to-stdout`) applies to the windows it
    /// opens itself, not to those of a WebDriver session.
    pub fn has_console(self) -> bool {
        self != Engine::WebKit
    }

    /// Whether the engine has the DevTools protocol ([`Harness::cdp`], downloads, printing to
    /// PDF, CPU throttling): Chromium only.
    pub fn has_devtools(self) -> bool {
        self == Engine::Chromium
    }
}

impl std::fmt::Display for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Where `cargo install geckodriver` puts the driver: `$CARGO_HOME/bin`, else `~/.cargo/bin`,
/// else the first `geckodriver` on `PATH`.
pub fn geckodriver() -> PathBuf {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    let in_path = std::env::var_os("PATH")
        .map(|p| {
            std::env::split_paths(&p)
                .map(|d| d.join("geckodriver"))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    cargo_home
        .map(|h| h.join("bin").join("geckodriver"))
        .into_iter()
        .chain(in_path)
        .find(|p| p.is_file())
        .unwrap_or_else(|| PathBuf::from("geckodriver"))
}

/// WebKitGTK's MiniBrowser, which Debian installs beside the library (its folder is named after
/// the architecture, e.g. `/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser`).
pub fn minibrowser() -> Option<PathBuf> {
    let lib = std::fs::read_dir("/usr/lib").ok()?;
    let mut found: Vec<PathBuf> = lib
        .filter_map(|e| {
            e.ok()
                .map(|e| e.path().join(WEBKIT_API).join("MiniBrowser"))
        })
        .filter(|p| p.is_file())
        .collect();
    found.sort();
    found.into_iter().next()
}

/// A WebDriver server (chromedriver, geckodriver, or WebKitWebDriver under `xvfb-run`) on a
/// free loopback port, in its own process group so that dropping it also ends every browser
/// process (and the X server) it started.
#[derive(Debug)]
pub struct Driver {
    /// The engine this driver drives.
    pub engine: Engine,
    /// `http://127.0.0.1:PORT` of the WebDriver endpoint.
    pub url: String,
    child: Child,
    /// A fresh folder for the browser's profile (Chromium) and the driver's output (the other
    /// two; Firefox writes the page's console messages there), removed when dropped.
    dir: tempfile::TempDir,
    /// How much of the driver's output [`Driver::console`] has read.
    read: Mutex<u64>,
}

impl Driver {
    /// Starts the driver of `engine` and waits until it accepts connections.
    ///
    /// # Errors
    ///
    /// If a binary is missing or the driver does not come up within [`WAIT`].
    pub async fn start(engine: Engine) -> Result<Driver> {
        use std::os::unix::process::CommandExt;
        let port = free_port()?;
        let dir = tempfile::Builder::new()
            .prefix(&format!("gpu-tco-{engine}-"))
            .tempdir()
            .map_err(err("create a browser profile folder"))?;
        let output = |name: &str| -> Result<Stdio> {
            let path = dir.path().join(name);
            std::fs::File::options()
                .create(true)
                .append(true)
                .open(&path)
                .map(Stdio::from)
                .map_err(err(format!("open {}", path.display())))
        };
        let missing = |what: &str, install: &str| {
            Error(format!(
                "{what} is missing: run scripts/setup.sh ({install})"
            ))
        };
        let mut cmd = match engine {
            Engine::Chromium => {
                if !Path::new(CHROMEDRIVER).exists() || !Path::new(CHROMIUM).exists() {
                    return Err(missing(
                        &format!("{CHROMEDRIVER} or {CHROMIUM}"),
                        "apt-get install chromium chromium-driver",
                    ));
                }
                let mut c = Command::new(CHROMEDRIVER);
                c.arg(format!("--port={port}"))
                    .arg("--allowed-ips=127.0.0.1")
                    .stdout(Stdio::null())
                    .stderr(Stdio::null());
                c
            }
            Engine::Firefox => {
                let gecko = geckodriver();
                if !gecko.is_file() || !Path::new(FIREFOX).exists() {
                    return Err(missing(
                        &format!("geckodriver or {FIREFOX}"),
                        "apt-get install firefox-esr; cargo install geckodriver",
                    ));
                }
                let mut c = Command::new(gecko);
                c.args(["--host", "127.0.0.1", "--port", &port.to_string()])
                    .stdout(output(DRIVER_LOG)?)
                    .stderr(output(DRIVER_LOG)?);
                c
            }
            Engine::WebKit => {
                if !Path::new(WEBKIT_DRIVER).exists()
                    || !Path::new(XVFB_RUN).exists()
                    || minibrowser().is_none()
                {
                    return Err(missing(
                        &format!("{WEBKIT_DRIVER}, MiniBrowser or {XVFB_RUN}"),
                        "apt-get install webkit2gtk-driver xvfb",
                    ));
                }
                // A screen larger than the tallest window the tests ask for ([`WINDOW`]).
                let mut c = Command::new(XVFB_RUN);
                c.args([
                    "--auto-servernum",
                    "--server-args=-screen 0 1400x2200x24 -nolisten tcp",
                ])
                .arg(WEBKIT_DRIVER)
                .arg(format!("--port={port}"))
                .env("GTK_A11Y", "none")
                .env("NO_AT_BRIDGE", "1")
                .stdout(output(DRIVER_LOG)?)
                .stderr(output(DRIVER_LOG)?);
                c
            }
        };
        let child = cmd
            .stdin(Stdio::null())
            .process_group(0)
            .spawn()
            .map_err(err(format!("start the {engine} driver")))?;
        let driver = Driver {
            engine,
            url: format!("http://127.0.0.1:{port}"),
            child,
            dir,
            read: Mutex::new(0),
        };
        poll(
            async || {
                Ok(tokio::net::TcpStream::connect(("127.0.0.1", port))
                    .await
                    .map(drop))
            },
            |_| format!("the {engine} driver did not listen on port {port} within {WAIT:?}"),
        )
        .await?;
        Ok(driver)
    }

    /// The capabilities of a browser of this engine that never reaches the internet on its own
    /// (DESIGN.md §5), with its console messages where the tests can read them.
    pub fn capabilities(&self) -> Capabilities {
        let caps = match self.engine {
            Engine::Chromium => json!({
                "browserName": "chrome",
                "goog:chromeOptions": {
                    "binary": CHROMIUM,
                    "args": [
                        "--headless=new",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-quic",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        format!("--user-data-dir={}", self.dir.path().display()),
                        format!("--window-size={},{}", WINDOW.0, WINDOW.1),
                    ],
                },
                "goog:loggingPrefs": { "browser": "ALL" },
            }),
            // geckodriver already sets Marionette's preferences for automation (no updates,
            // telemetry, safe browsing or remote settings); these switch off the rest of what
            // Firefox fetches by itself, and write the page's console to the driver's output.
            Engine::Firefox => json!({
                "browserName": "firefox",
                "moz:firefoxOptions": {
                    "binary": FIREFOX,
                    "args": ["-headless"],
                    "prefs": {
                        "devtools.console.stdout.content": true,
                        "devtools.console.stdout.chrome": false,
                        "browser.dom.window.dump.enabled": true,
                        "network.captive-portal-service.enabled": false,
                        "network.connectivity-service.enabled": false,
                        "network.dns.disablePrefetch": true,
                        "network.prefetch-next": false,
                        "network.http.speculative-parallel-limit": 0,
                        "browser.safebrowsing.malware.enabled": false,
                        "browser.safebrowsing.phishing.enabled": false,
                        "browser.region.update.enabled": false,
                        "browser.region.network.url": "",
                        "geo.provider.network.url": "",
                        "dom.push.connection.enabled": false,
                        "media.gmp-manager.url": "",
                        "extensions.getAddons.cache.enabled": false,
                        "extensions.update.enabled": false,
                    },
                },
            }),
            Engine::WebKit => json!({
                "browserName": "MiniBrowser",
                "webkitgtk:browserOptions": {
                    "binary": minibrowser().map(|p| p.display().to_string()),
                    // With arguments given, the driver passes only these.
                    "args": ["--automation"],
                },
            }),
        };
        match caps {
            Value::Object(map) => map,
            _ => Capabilities::new(),
        }
    }

    /// Everything the driver and its browser have written to their output so far (empty for
    /// Chromium, whose driver's output is not kept).
    pub fn output(&self) -> String {
        std::fs::read(self.dir.path().join(DRIVER_LOG))
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    }

    /// The console messages of the page that Firefox wrote to the driver's output since the
    /// last call, as [`LogEntry`]s with `SEVERE` for errors.
    fn console(&self) -> Result<Vec<LogEntry>> {
        use std::io::{Read, Seek, SeekFrom};
        let path = self.dir.path().join(DRIVER_LOG);
        let mut file =
            std::fs::File::open(&path).map_err(err(format!("open {}", path.display())))?;
        let mut read = self
            .read
            .lock()
            .map_err(|_| Error("log offset".to_owned()))?;
        file.seek(SeekFrom::Start(*read))
            .map_err(err(format!("seek {}", path.display())))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(err(format!("read {}", path.display())))?;
        *read += bytes.len() as u64;
        Ok(String::from_utf8_lossy(&bytes)
            .lines()
            .filter_map(firefox_console_entry)
            .collect())
    }
}

/// Loggers of Firefox itself that write to the same output with their name as a prefix
/// (`console.error: RSLoader: …`; a page's own message is quoted: `console.error: "…"`): its
/// experiment loader, which cannot reach its server on this machine and says so at every start
/// (only an enterprise policy turns it off, no preference).
const FIREFOX_OWN_LOGGERS: [&str; 1] = ["RSLoader"];

/// A console message of the page in a line of Firefox's output, if the line is one: Firefox
/// (with `devtools.console.stdout.content`) writes `console.error: …` for the page's console
/// calls and `JavaScript error: URL, line N: …` for uncaught exceptions. Errors of Firefox's own
/// scripts (`resource://`, `chrome://`; its backup service and history have some on this
/// machine) and of its own loggers are not the page's.
fn firefox_console_entry(line: &str) -> Option<LogEntry> {
    let entry = |level: &str| {
        Some(LogEntry {
            level: level.to_owned(),
            message: line.trim().to_owned(),
        })
    };
    let own_script = ["JavaScript error: ", "JavaScript warning: "]
        .iter()
        .any(|kind| {
            ["resource://", "chrome://"]
                .iter()
                .any(|scheme| line.starts_with(&format!("{kind}{scheme}")))
        });
    if own_script
        || FIREFOX_OWN_LOGGERS
            .iter()
            .any(|own| line.contains(&format!(": {own}: ")) || line.ends_with(&format!(": {own}:")))
    {
        None
    } else if line.starts_with("JavaScript error:") || line.starts_with("console.error:") {
        entry("SEVERE")
    } else if line.starts_with("console.warn:") || line.starts_with("JavaScript warning:") {
        entry("WARNING")
    } else if line.starts_with("console.") {
        entry("INFO")
    } else {
        None
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        use nix::sys::signal::{Signal, killpg};
        use nix::unistd::Pid;
        // The group holds the driver and the browser processes it launched (for WebKit also
        // xvfb-run and its X server). A polite signal first, so that the X server removes its
        // lock file; what is left after a moment is killed.
        if let Ok(pid) = i32::try_from(self.child.id()) {
            let group = Pid::from_raw(pid);
            let _ = killpg(group, Signal::SIGTERM);
            let deadline = Instant::now() + Duration::from_secs(3);
            loop {
                // Reaps the driver once it has gone; the group is empty when the signal 0
                // (a probe) finds no process in it.
                let _ = self.child.try_wait();
                if killpg(group, None).is_err() {
                    break;
                }
                if Instant::now() > deadline {
                    let _ = killpg(group, Signal::SIGKILL);
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> Result<u16> {
    let listener = StdListener::bind(SocketAddr::from(([127, 0, 0, 1], 0)))
        .map_err(err("find a free port"))?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(err("find a free port"))
}

/// One browser session on the served page.
#[derive(Debug)]
pub struct Harness {
    /// The page server.
    pub server: Server,
    /// The driver process (killed on drop).
    pub driver: Driver,
    /// The WebDriver session.
    pub client: Client,
    /// URLs of every resource loaded by pages this session has left (see [`Harness::open`]).
    visited: Mutex<Vec<String>>,
    /// Whether [`Harness::open`] has loaded a page yet.
    opened: AtomicBool,
}

/// A browser console entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEntry {
    /// `SEVERE`, `WARNING`, `INFO`, `DEBUG`.
    pub level: String,
    /// The text, including the source location Chromium adds.
    pub message: String,
}

impl Harness {
    /// Serves `dist/`, starts chromedriver and opens a Chromium session.
    ///
    /// # Errors
    ///
    /// If there is no build, no browser, or the session cannot be created.
    pub async fn start() -> Result<Harness> {
        Harness::start_on(Engine::Chromium).await
    }

    /// Serves `dist/`, starts the driver of `engine` and opens a session in a window of
    /// [`WINDOW`] size.
    ///
    /// # Errors
    ///
    /// If there is no build, no browser, or the session cannot be created.
    pub async fn start_on(engine: Engine) -> Result<Harness> {
        let server = Server::start().await?;
        let driver = Driver::start(engine).await?;
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(driver.capabilities())
            .connect(&driver.url)
            .await
            .map_err(err(format!("open a {engine} session through its driver")))?;
        let h = Harness {
            server,
            driver,
            client,
            visited: Mutex::new(Vec::new()),
            opened: AtomicBool::new(false),
        };
        // Chromium takes its window size from its command line; the others get it here.
        if engine != Engine::Chromium {
            h.set_window_size(WINDOW.0, WINDOW.1).await?;
        }
        Ok(h)
    }

    /// The engine of this session.
    pub fn engine(&self) -> Engine {
        self.driver.engine
    }

    /// Ends the session (closes the browser); the driver and server stop when dropped.
    pub async fn finish(self) {
        let Harness {
            server,
            driver,
            client,
            ..
        } = self;
        let _ = client.close().await;
        drop(driver);
        drop(server);
    }

    /// Loads `path` (e.g. `/?lang=en`) from the page server and waits until the calculator
    /// has rendered its results. Before leaving the current page, records what it loaded.
    ///
    /// # Errors
    ///
    /// If the page does not load or does not render within [`WAIT`].
    pub async fn open(&self, path: &str) -> Result<()> {
        self.open_page(path, "[data-testid=result-productive-hours]")
            .await
    }

    /// Loads `path` from the page server (any page of the build, e.g. `/demo.html`) and waits
    /// until `ready_css` matches an element of it. Records what the page left had loaded.
    ///
    /// # Errors
    ///
    /// If the page does not load, or nothing matches `ready_css` within [`WAIT`].
    pub async fn open_page(&self, path: &str, ready_css: &str) -> Result<()> {
        let url = format!("{}{path}", self.server.origin);
        self.open_url(&url, ready_css).await
    }

    /// Loads any URL (e.g. the `file://` URL of [`single_file_url`]) and waits until
    /// `ready_css` matches. Records what the page left had loaded.
    ///
    /// # Errors
    ///
    /// If the page does not load, or nothing matches `ready_css` within [`WAIT`].
    pub async fn open_url(&self, url: &str, ready_css: &str) -> Result<()> {
        // The browser's own start page before the first `open` is not ours to check.
        if self.opened.swap(true, Ordering::SeqCst) {
            let seen = self.loaded_urls().await?;
            if let Ok(mut v) = self.visited.lock() {
                v.extend(seen);
            }
        }
        // A marker on the old document tells the new one apart: geckodriver has answered a
        // navigation while the old page was still there (its results read, then gone).
        let before = self
            .js("window.__e2eLeaving = true; return location.href;")
            .await?;
        self.client
            .goto(url)
            .await
            .map_err(err(format!("load {url}")))?;
        let base = |u: &str| u.split('#').next().unwrap_or_default().to_owned();
        let same_document = url.contains('#') && before.as_str().map(base) == Some(base(url));
        if !same_document {
            poll(
                async || {
                    let old = self.js("return window.__e2eLeaving === true;").await?;
                    Ok(if old == Value::Bool(true) {
                        Err(())
                    } else {
                        Ok(())
                    })
                },
                |()| format!("{url} did not replace the page within {WAIT:?}"),
            )
            .await?;
        }
        // WebKit now and then leaves a page it navigated to blank on a busy machine (seen on a
        // share link, one run in several, never when run alone; once in the nineteenth session
        // it stayed blank after one reload too): after 20 s without the page a person would
        // reload it, and so does the test, up to twice, before the usual wait.
        if self.engine() == Engine::WebKit {
            let ready = async || {
                self.js_with(
                    "return !!document.querySelector(arguments[0]);",
                    vec![Value::String(ready_css.to_owned())],
                )
                .await
                .is_ok_and(|v| v == Value::Bool(true))
            };
            for attempt in 1..=2 {
                let soon = Instant::now() + Duration::from_secs(20);
                while Instant::now() < soon && !ready().await {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                if ready().await {
                    break;
                }
                eprintln!("  {url}: not shown after 20 s in WebKit: reloading ({attempt} of 2)");
                let _ = self.client.refresh().await;
            }
        }
        self.wait_for_ready(ready_css).await
    }

    /// Waits until `ready_css` matches in the page, asked in the page's own script rather than
    /// through the driver's element search: WebKit's driver once answered "no such element"
    /// for 40 s while the page's own query found it (step 19, CI, December 2026). On a timeout
    /// the error says what the page was doing: its address, its loading state, the worker that
    /// controlled it and the files it had loaded.
    ///
    /// Then, as the driver's search did, it waits for the page to have loaded (`readyState`
    /// "complete": its frames too), for at most [`LOADED_WAIT`]: scripts run into a frame that
    /// is still navigating fail in WebKit ("Could not parse script result"). A page still
    /// loading after that is taken as it is, and said so.
    async fn wait_for_ready(&self, ready_css: &str) -> Result<()> {
        const PROBE: &str = "
            if (document.querySelector(arguments[0])) return true;
            const sw = navigator.serviceWorker && navigator.serviceWorker.controller;
            const files = performance.getEntriesByType('resource').map((e) => e.name.replace(location.origin, ''));
            return JSON.stringify({
              href: location.href,
              readyState: document.readyState,
              controller: sw ? sw.state : null,
              files,
            });";
        poll(
            async || {
                Ok(
                    match self
                        .js_with(PROBE, vec![Value::String(ready_css.to_owned())])
                        .await
                    {
                        Ok(Value::Bool(true)) => Ok(()),
                        Ok(v) => Err(v.as_str().map_or_else(|| v.to_string(), str::to_owned)),
                        Err(e) => Err(e.to_string()),
                    },
                )
            },
            |seen| format!("{ready_css} did not appear within {WAIT:?} (the page: {seen})"),
        )
        .await?;
        let soon = Instant::now() + LOADED_WAIT;
        loop {
            let state = self.js("return document.readyState;").await;
            if state.as_ref().is_ok_and(|v| v == "complete") {
                return Ok(());
            }
            if Instant::now() > soon {
                eprintln!(
                    "  {ready_css} shown, but the page still loading after {LOADED_WAIT:?} ({state:?}): going on"
                );
                return Ok(());
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// Reloads the current page (the browser's reload button) and waits until `ready_css`
    /// matches. Records what the page had loaded before.
    ///
    /// # Errors
    ///
    /// If the page does not reload, or nothing matches `ready_css` within [`WAIT`].
    pub async fn reload(&self, ready_css: &str) -> Result<()> {
        let seen = self.loaded_urls().await?;
        if let Ok(mut v) = self.visited.lock() {
            v.extend(seen);
        }
        // A marker on the old document tells the reloaded one apart.
        self.js("window.__e2eBeforeReload = true;").await?;
        if self.engine() == Engine::Firefox {
            // geckodriver's refresh reloads past the service worker, as Ctrl+Shift+R does
            // (offline it ends on the error page while a navigation to the same address is
            // served by the worker); the page's own reload is the toolbar button's.
            self.js("setTimeout(() => location.reload(), 0);").await?;
        } else {
            self.client.refresh().await.map_err(err("reload"))?;
        }
        poll(
            async || {
                let old = self.js("return window.__e2eBeforeReload === true;").await?;
                Ok(if old == Value::Bool(true) {
                    Err(())
                } else {
                    Ok(())
                })
            },
            |()| format!("the page did not reload within {WAIT:?}"),
        )
        .await?;
        self.wait_for_ready(ready_css).await
    }

    /// `location.href` plus the URL of every resource the current page loaded
    /// (`performance.getEntriesByType('resource')`), and the same for every frame in it, however
    /// deep (a frame the page cannot look into is reported as `cross-origin frame`; one still at
    /// `about:blank` adds nothing).
    ///
    /// # Errors
    ///
    /// If the script cannot run.
    pub async fn loaded_urls(&self) -> Result<Vec<String>> {
        let v = self
            .js("const out = [];
                 const walk = (w) => {
                   try {
                     // A frame that has loaded nothing yet (a lazy one, left before it came
                     // into view) is about:blank: no request.
                     if (w.location.href !== 'about:blank') out.push(w.location.href);
                     out.push(...w.performance.getEntriesByType('resource').map(e => e.name));
                   } catch (e) { out.push('cross-origin frame'); return; }
                   for (let i = 0; i < w.frames.length; i++) walk(w.frames[i]);
                 };
                 walk(window);
                 return out;")
            .await?;
        Ok(strings(&v))
    }

    /// The URLs recorded by [`Harness::open`] for the pages left so far, plus the current page's.
    ///
    /// # Errors
    ///
    /// If the script cannot run.
    pub async fn all_loaded_urls(&self) -> Result<Vec<String>> {
        let mut all = self.visited.lock().map(|v| v.clone()).unwrap_or_default();
        all.extend(self.loaded_urls().await?);
        Ok(all)
    }

    /// Runs a script in the page (`return …` to get a value back).
    ///
    /// # Errors
    ///
    /// If the script throws.
    pub async fn js(&self, script: &str) -> Result<Value> {
        self.settle().await?;
        self.client
            .execute(script, Vec::new())
            .await
            .map_err(err(format!("script {script:?}")))
    }

    /// Waits while a part of the page is marked `aria-busy` (the results' table catching up
    /// with a burst of changes, `first::settled` in the page), as a person waits for the
    /// dimmed table before reading it: every script the tests run reads a settled page.
    ///
    /// # Errors
    ///
    /// If a part stays busy for 5 s.
    async fn settle(&self) -> Result<()> {
        let start = std::time::Instant::now();
        loop {
            let busy = self
                .client
                .execute(
                    "return !!document.querySelector('[aria-busy=true]')",
                    Vec::new(),
                )
                .await
                .map_err(err("whether the page is busy".to_owned()))?;
            if busy != Value::Bool(true) {
                return Ok(());
            }
            if start.elapsed() > std::time::Duration::from_secs(5) {
                return Err(Error(
                    "a part of the page stayed aria-busy for 5 s".to_owned(),
                ));
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }

    /// Runs an asynchronous script: it gets `args` and, last, the callback to call with its
    /// result (`arguments[arguments.length - 1]`).
    ///
    /// # Errors
    ///
    /// If the script throws or does not call back within the driver's script timeout.
    pub async fn js_async(&self, script: &str, args: Vec<Value>) -> Result<Value> {
        self.client
            .execute_async(script, args)
            .await
            .map_err(err(format!("async script {script:?}")))
    }

    /// Runs a script with arguments (`arguments[0]` …).
    ///
    /// # Errors
    ///
    /// If the script throws.
    pub async fn js_with(&self, script: &str, args: Vec<Value>) -> Result<Value> {
        self.settle().await?;
        self.client
            .execute(script, args)
            .await
            .map_err(err(format!("script {script:?}")))
    }

    /// The element matching a CSS selector.
    ///
    /// # Errors
    ///
    /// If there is none.
    pub async fn find(&self, css: &str) -> Result<Element> {
        self.client
            .find(Locator::Css(css))
            .await
            .map_err(err(format!("find {css}")))
    }

    /// Every element matching a CSS selector.
    ///
    /// # Errors
    ///
    /// If the query fails.
    pub async fn find_all(&self, css: &str) -> Result<Vec<Element>> {
        self.client
            .find_all(Locator::Css(css))
            .await
            .map_err(err(format!("find all {css}")))
    }

    /// Waits until an element matches a CSS selector.
    ///
    /// # Errors
    ///
    /// If none appears within [`WAIT`].
    pub async fn wait_for_css(&self, css: &str) -> Result<Element> {
        poll(
            async || Ok(self.client.find(Locator::Css(css)).await.map_err(drop)),
            |()| format!("{css} did not appear within {WAIT:?}"),
        )
        .await
    }

    /// Runs `script` (with `args`) every few milliseconds until it returns something other
    /// than `null`, `false` or nothing, and returns that.
    ///
    /// # Errors
    ///
    /// If the script throws, or `what` does not come true within [`WAIT`] (with the last
    /// value seen).
    pub async fn wait_for_js(&self, script: &str, args: Vec<Value>, what: &str) -> Result<Value> {
        poll(
            async || {
                let v = self.js_with(script, args.clone()).await?;
                Ok(match v {
                    Value::Null | Value::Bool(false) => Err(v),
                    _ => Ok(v),
                })
            },
            |v| format!("{what}: not within {WAIT:?} (last {v})"),
        )
        .await
    }

    /// Resizes the browser window (CSS pixels of the outer window), as a person does by
    /// dragging its edge.
    ///
    /// # Errors
    ///
    /// If the browser refuses.
    pub async fn set_window_size(&self, width: u32, height: u32) -> Result<()> {
        self.client
            .set_window_size(width, height)
            .await
            .map_err(err(format!("resize the window to {width}×{height}")))
    }

    /// Runs `steps` in a window `width` pixels wide (as on a phone, or in a narrow column), then
    /// gives the window its [`WINDOW`] size back, also when `steps` failed.
    ///
    /// # Errors
    ///
    /// What `steps` fails with, or if the browser refuses a size.
    pub async fn at_window_width<T>(
        &self,
        width: u32,
        steps: impl Future<Output = Result<T>>,
    ) -> Result<T> {
        self.set_window_size(width, WINDOW.1).await?;
        let result = steps.await;
        self.set_window_size(WINDOW.0, WINDOW.1).await?;
        result
    }

    /// The visible text of `[data-testid=testid]`, trimmed.
    ///
    /// # Errors
    ///
    /// If there is no such element.
    pub async fn text(&self, testid: &str) -> Result<String> {
        self.text_of(&testid_css(testid)).await
    }

    /// The `textContent` of the element matching a CSS selector, trimmed (also for hidden
    /// elements and closed `<details>`, whose visible text would be empty).
    ///
    /// # Errors
    ///
    /// If there is no such element.
    pub async fn text_of(&self, css: &str) -> Result<String> {
        let v = self
            .js_with(
                "const e = document.querySelector(arguments[0]); return e ? e.textContent : null;",
                vec![json!(css)],
            )
            .await?;
        match v {
            Value::String(s) => Ok(s.trim().to_owned()),
            _ => Err(Error(format!("no element {css}"))),
        }
    }

    /// Polls `[data-testid=testid]` until its text is `expected`.
    ///
    /// # Errors
    ///
    /// With the last text seen if it is not `expected` within [`WAIT`].
    pub async fn wait_for_text(&self, testid: &str, expected: &str) -> Result<()> {
        self.wait_until(testid, |t| t == expected, &format!("{expected:?}"))
            .await
            .map(|_| ())
    }

    /// Polls `[data-testid=testid]` until its text satisfies `ok`; returns that text.
    ///
    /// # Errors
    ///
    /// With the last text seen if `ok` does not hold within [`WAIT`].
    pub async fn wait_until(
        &self,
        testid: &str,
        ok: impl Fn(&str) -> bool,
        what: &str,
    ) -> Result<String> {
        self.wait_until_css(&testid_css(testid), ok, what).await
    }

    /// Like [`Harness::wait_until`], for any CSS selector.
    ///
    /// # Errors
    ///
    /// With the last text seen if `ok` does not hold within [`WAIT`].
    pub async fn wait_until_css(
        &self,
        css: &str,
        ok: impl Fn(&str) -> bool,
        what: &str,
    ) -> Result<String> {
        poll(
            async || {
                Ok(match self.text_of(css).await {
                    Ok(t) if ok(&t) => Ok(t),
                    last => Err(last),
                })
            },
            |last| format!("{css}: expected {what} within {WAIT:?}, last seen {last:?}"),
        )
        .await
    }

    /// Polls the URL fragment (with its `#`) until `ok` holds. The page writes it at most every
    /// 250 ms after a change, so a test reads it as a person would: once it has caught up.
    ///
    /// # Errors
    ///
    /// With the last fragment seen if `ok` does not hold within [`WAIT`].
    pub async fn wait_for_hash(&self, ok: impl Fn(&str) -> bool, what: &str) -> Result<String> {
        poll(
            async || {
                let hash = self.hash().await?;
                Ok(if ok(&hash) { Ok(hash) } else { Err(hash) })
            },
            |hash| format!("the URL fragment: expected {what} within {WAIT:?}, last seen {hash:?}"),
        )
        .await
    }

    /// The URL fragment now, with its `#` (empty if there is none).
    ///
    /// # Errors
    ///
    /// If the script cannot run.
    pub async fn hash(&self) -> Result<String> {
        let v = self.js("return location.hash").await?;
        Ok(v.as_str().unwrap_or_default().to_owned())
    }

    /// Polls an attribute of the element matching `css` until it equals `expected`.
    ///
    /// # Errors
    ///
    /// With the last value seen if it does not match within [`WAIT`].
    pub async fn wait_for_attr(&self, css: &str, attr: &str, expected: Option<&str>) -> Result<()> {
        poll(
            async || {
                Ok(match self.find(css).await?.attr(attr).await {
                    Ok(v) if v.as_deref() == expected => Ok(()),
                    last => Err(last),
                })
            },
            |last| {
                format!("{css}[{attr}]: expected {expected:?} within {WAIT:?}, last seen {last:?}")
            },
        )
        .await
    }

    /// Clears the text box `#id` and types `text` into it key by key, as a person does:
    /// click into it, select everything (Ctrl+A), delete it, type.
    ///
    /// # Errors
    ///
    /// If the box is missing or does not take the keys.
    pub async fn set_field(&self, id: &str, text: &str) -> Result<()> {
        let css = format!("#{id}");
        let el = self.find(&css).await?;
        self.scroll_to(&el).await?;
        let pre = self.prerendered().await?;
        el.click().await.map_err(err(format!("click {css}")))?;
        let el = self.touched(pre, el, &css).await?;
        let select_all = format!("{}a{}", char::from(Key::Control), char::from(Key::Null));
        el.send_keys(&select_all)
            .await
            .map_err(err(format!("select all in {css}")))?;
        el.send_keys(&char::from(Key::Backspace).to_string())
            .await
            .map_err(err(format!("clear {css}")))?;
        let left = el
            .prop("value")
            .await
            .map_err(err(format!("{css}.value")))?;
        if left.as_deref().is_some_and(|v| !v.is_empty()) {
            return Err(Error(format!(
                "{css} still holds {left:?} after Ctrl+A, Backspace"
            )));
        }
        if text.is_empty() {
            // Nothing to type (WebKitWebDriver refuses an empty text).
            return Ok(());
        }
        el.send_keys(text)
            .await
            .map_err(err(format!("type {text:?} into {css}")))
    }

    /// Clicks into the text box `#id` and presses `keys` there, for edits other than
    /// retyping the whole value (e.g. Home, Shift+ArrowRight, a digit: replace the first one).
    /// Modifier keys stay down until [`Key::Null`], as in WebDriver's "send keys".
    ///
    /// # Errors
    ///
    /// If the box is missing or does not take the keys.
    pub async fn edit_field(&self, id: &str, keys: &str) -> Result<()> {
        let css = format!("#{id}");
        let el = self.find(&css).await?;
        self.scroll_to(&el).await?;
        let pre = self.prerendered().await?;
        el.click().await.map_err(err(format!("click {css}")))?;
        let el = self.touched(pre, el, &css).await?;
        el.send_keys(keys)
            .await
            .map_err(err(format!("keys {keys:?} on {css}")))
    }

    /// Moves the range input `#id` to `value` with the keyboard: it gets the focus, then
    /// Home/End for the ends of the range, ArrowRight/ArrowLeft one step at a time otherwise.
    ///
    /// # Errors
    ///
    /// If the slider is missing, `value` is not on its step grid, or it ends elsewhere.
    pub async fn move_slider(&self, id: &str, value: f64) -> Result<()> {
        let css = format!("#{id}");
        let mut el = self.find(&css).await?;
        if self.prerendered().await? {
            // The embed's answer drawn at build time: a keyboard user tabs to the slider (its
            // focus loads the calculator) and moves it once the calculator is there.
            let arg = serde_json::to_value(&el).map_err(err("an element as a script argument"))?;
            self.js_with("arguments[0].focus();", vec![arg]).await?;
            el = self.touched(true, el, &css).await?;
        }
        let num = |name: &'static str, v: Option<String>, default: f64| -> Result<f64> {
            match v {
                Some(s) if !s.is_empty() => s
                    .parse::<f64>()
                    .map_err(|_| Error(format!("{css}: {name} {s:?} is not a number"))),
                _ => Ok(default),
            }
        };
        let attr = |name: &'static str| {
            let el = el.clone();
            async move {
                el.attr(name)
                    .await
                    .map_err(err(format!("{name} attribute")))
            }
        };
        let min = num("min", attr("min").await?, 0.0)?;
        let max = num("max", attr("max").await?, 100.0)?;
        let step = num("step", attr("step").await?, 1.0)?;
        let now = num(
            "value",
            el.prop("value").await.map_err(err("value property"))?,
            min,
        )?;
        let keys: String = if (value - min).abs() < 1e-9 {
            char::from(Key::Home).to_string()
        } else if (value - max).abs() < 1e-9 {
            char::from(Key::End).to_string()
        } else {
            let steps = (value - now) / step;
            if (steps - steps.round()).abs() > 1e-6 {
                return Err(Error(format!(
                    "{css}: {value} is not reachable from {now} in steps of {step}"
                )));
            }
            let key = if steps > 0.0 { Key::Right } else { Key::Left };
            std::iter::repeat_n(char::from(key), steps.round().abs() as usize).collect()
        };
        if !keys.is_empty() {
            el.send_keys(&keys)
                .await
                .map_err(err(format!("keys on {css}")))?;
        }
        let after = num(
            "value",
            el.prop("value").await.map_err(err("value property"))?,
            min,
        )?;
        if (after - value).abs() > 1e-9 {
            return Err(Error(format!("{css}: moved to {after}, wanted {value}")));
        }
        Ok(())
    }

    /// Clicks the element matching a CSS selector, as a person does with the mouse.
    ///
    /// # Errors
    ///
    /// If there is no such element or the click does not land on it.
    pub async fn click(&self, css: &str) -> Result<()> {
        let el = self.find(css).await?;
        self.scroll_to(&el).await?;
        let pre = self.prerendered().await?;
        el.click().await.map_err(err(format!("click {css}")))?;
        self.touched(pre, el, css).await.map(drop)
    }

    /// Whether the page shows the embed's answer drawn at build time (`embed.html` before a
    /// reader touches it: `main[data-prerendered]`, see `scripts/prerender.py`).
    ///
    /// # Errors
    ///
    /// If the script cannot run.
    pub async fn prerendered(&self) -> Result<bool> {
        Ok(self
            .js("return !!document.querySelector('main[data-prerendered]');")
            .await?
            == Value::Bool(true))
    }

    /// After a person touched `el` (matching `css`): if the page showed the embed's answer
    /// drawn at build time (`pre`, asked before the touch), the touch loads the calculator, which takes that view's place with
    /// what was entered, opened and focused; a person waits for it ("Loading the calculator…"),
    /// and so does the test, which then acts on the live element (returned; else `el`).
    ///
    /// # Errors
    ///
    /// If the calculator does not take over within the harness's wait, or `css` then matches
    /// nothing.
    pub async fn touched(&self, pre: bool, el: Element, css: &str) -> Result<Element> {
        if !pre {
            return Ok(el);
        }
        self.wait_for_js(
            "return !document.querySelector('main[data-prerendered]');",
            vec![],
            "the calculator taking over the embed's prerendered answer",
        )
        .await?;
        self.find(css).await
    }

    /// Scrolls `el` to the middle of the window, as a person scrolls to what they are about to
    /// click, and waits two frames, until the browser has drawn it there. WebKitWebDriver does
    /// not do it by itself for an element in a panel that the page lets the browser skip while
    /// off screen (`content-visibility: auto`): it answers "element not interactable".
    ///
    /// # Errors
    ///
    /// If the script cannot run.
    pub async fn scroll_to(&self, el: &Element) -> Result<()> {
        let arg = serde_json::to_value(el).map_err(err("an element as a script argument"))?;
        self.js_async(
            "const done = arguments[arguments.length - 1];
             arguments[0].scrollIntoView({ block: 'center' });
             requestAnimationFrame(() => requestAnimationFrame(() => done(true)));",
            vec![arg],
        )
        .await
        .map(drop)
    }

    /// Opens the collapsible section `<details data-testid=testid>` by clicking its summary.
    ///
    /// # Errors
    ///
    /// As [`Harness::click`].
    pub async fn open_section(&self, testid: &str) -> Result<()> {
        self.click(&format!("{} > summary", testid_css(testid)))
            .await?;
        // A section loaded on demand shows its heading until its module is there, then itself
        // (web/src/split.rs): a person waits for it, and so does the test.
        self.wait_for_js(
            "return !document.querySelector(arguments[0] + '[data-placeholder]')",
            vec![Value::String(testid_css(testid))],
            &format!("the section {testid} loaded"),
        )
        .await?;
        Ok(())
    }

    /// Sends `keys` to the element matching a CSS selector without clicking it first (e.g. the
    /// space bar on a check box, Enter on a button).
    ///
    /// # Errors
    ///
    /// If there is no such element or it does not take the keys.
    pub async fn send_keys(&self, css: &str, keys: &str) -> Result<()> {
        self.find(css)
            .await?
            .send_keys(keys)
            .await
            .map_err(err(format!("keys {keys:?} on {css}")))
    }

    /// Chooses the file `path` in the file input matching a CSS selector, as a person does in
    /// the browser's file dialog.
    ///
    /// # Errors
    ///
    /// If there is no such input or it refuses the file.
    pub async fn choose_file(&self, css: &str, path: &Path) -> Result<()> {
        self.find(css)
            .await?
            .send_keys(&path.display().to_string())
            .await
            .map_err(err(format!("choose {} in {css}", path.display())))
    }

    /// Picks the option with the value `value` in the drop-down list `#id`.
    ///
    /// # Errors
    ///
    /// If there is no such list or option.
    pub async fn select_option(&self, id: &str, value: &str) -> Result<()> {
        let el = self.find(&format!("#{id}")).await?;
        self.scroll_to(&el).await?;
        el.select_by_value(value)
            .await
            .map_err(err(format!("choose {value:?} in #{id}")))
    }

    /// What the box `#id` holds now (its `value` property; empty if it has none).
    ///
    /// # Errors
    ///
    /// If there is no such element.
    pub async fn field_value(&self, id: &str) -> Result<String> {
        self.find(&format!("#{id}"))
            .await?
            .prop("value")
            .await
            .map(Option::unwrap_or_default)
            .map_err(err(format!("#{id}.value")))
    }

    /// An attribute of the element matching a CSS selector (`None` if it is absent; WebDriver
    /// reports a boolean attribute that is present as `"true"`).
    ///
    /// # Errors
    ///
    /// If there is no such element.
    pub async fn attr(&self, css: &str, name: &str) -> Result<Option<String>> {
        self.find(css)
            .await?
            .attr(name)
            .await
            .map_err(err(format!("{css}[{name}]")))
    }

    /// Scrolls the element matching a CSS selector into view and keeps a screenshot of the
    /// window as `target/{name}` for a person to look at. A screenshot that cannot be taken or
    /// written is skipped: the picture is not a check.
    ///
    /// # Errors
    ///
    /// If there is no such element.
    pub async fn keep_screenshot(&self, css: &str, name: &str) -> Result<()> {
        self.js_with(
            "document.querySelector(arguments[0]).scrollIntoView()",
            vec![json!(css)],
        )
        .await?;
        if let Ok(png) = self.client.screenshot().await {
            let _ = std::fs::write(workspace_root().join("target").join(name), png);
        }
        Ok(())
    }

    /// Types `text` where the focus is, key by key, as a person does without waiting for
    /// anything between the keys (WebDriver actions: no element is named, so a page that puts
    /// another element in the focused one's place gets the rest of the keys there).
    ///
    /// # Errors
    ///
    /// If the actions cannot be performed.
    pub async fn type_text(&self, text: &str) -> Result<()> {
        use fantoccini::actions::{InputSource, KeyAction, KeyActions};
        let mut actions = KeyActions::new("keyboard".to_owned());
        for c in text.chars() {
            actions = actions
                .then(KeyAction::Down { value: c })
                .then(KeyAction::Up { value: c });
        }
        self.client
            .perform_actions(actions)
            .await
            .map_err(err(format!("type {text:?}")))?;
        Ok(())
    }

    /// Presses one key where the focus is (no element is named: the key goes wherever the page
    /// has put the focus).
    ///
    /// # Errors
    ///
    /// If the driver refuses the key.
    pub async fn press(&self, key: Key) -> Result<()> {
        self.type_text(&char::from(key).to_string())
            .await
            .map_err(|e| Error(format!("press {key:?}: {e}")))
    }

    /// The browser console entries since the last call: chromedriver's log endpoint, or what
    /// Firefox wrote to its driver's output.
    ///
    /// # Errors
    ///
    /// If the engine's console cannot be read (WebKit, see [`Engine::has_console`]),
    /// chromedriver does not answer the log command, or Firefox's output cannot be read.
    pub async fn browser_log(&self) -> Result<Vec<LogEntry>> {
        match self.engine() {
            Engine::Chromium => {}
            Engine::Firefox => return self.driver.console(),
            Engine::WebKit => {
                return Err(Error(
                    "WebKit's console cannot be read under automation (Engine::has_console)"
                        .to_owned(),
                ));
            }
        }
        let v = self
            .client
            .issue_cmd(SessionPost {
                path: "se/log",
                body: json!({ "type": "browser" }),
            })
            .await
            .map_err(err("read the browser log"))?;
        let entries = v
            .as_array()
            .ok_or_else(|| Error(format!("browser log is not a list: {v}")))?;
        Ok(entries
            .iter()
            .map(|e| LogEntry {
                level: e["level"].as_str().unwrap_or_default().to_owned(),
                message: e["message"].as_str().unwrap_or_default().to_owned(),
            })
            .collect())
    }
}

impl Harness {
    /// Runs a Chrome DevTools Protocol command through chromedriver
    /// (`POST /session/{id}/goog/cdp/execute`) and returns its result.
    ///
    /// # Errors
    ///
    /// If the engine has no DevTools protocol (see [`Engine::has_devtools`]), or chromedriver or
    /// the browser refuses the command.
    pub async fn cdp(&self, cmd: &str, params: Value) -> Result<Value> {
        if !self.engine().has_devtools() {
            return Err(Error(format!(
                "{cmd} needs Chromium's DevTools protocol, which {} has not",
                self.engine()
            )));
        }
        self.client
            .issue_cmd(SessionPost {
                path: "goog/cdp/execute",
                body: json!({ "cmd": cmd, "params": params }),
            })
            .await
            .map_err(err("run a DevTools command"))
    }

    /// Lets the page download files into `dir` without asking (DevTools
    /// `Browser.setDownloadBehavior`), as a person's browser saves to their downloads folder.
    ///
    /// # Errors
    ///
    /// If the browser refuses.
    pub async fn allow_downloads(&self, dir: &Path) -> Result<()> {
        self.cdp(
            "Browser.setDownloadBehavior",
            json!({ "behavior": "allow", "downloadPath": dir.display().to_string() }),
        )
        .await
        .map(|_| ())
    }

    /// Waits until the file `name` has arrived in `dir` (complete, not a `.crdownload`) and
    /// returns its bytes.
    ///
    /// # Errors
    ///
    /// If it does not arrive within the wait time.
    pub async fn downloaded(&self, dir: &Path, name: &str) -> Result<Vec<u8>> {
        let path = dir.join(name);
        poll(
            async || {
                Ok(match std::fs::read(&path) {
                    Ok(bytes) if !bytes.is_empty() => Ok(bytes),
                    _ => Err(()),
                })
            },
            |()| format!("{} was not downloaded", path.display()),
        )
        .await
    }
}

/// A chromedriver extension command: `POST /session/{id}/{path}` with a JSON body, e.g.
/// `goog/cdp/execute {cmd, params}` (DevTools) or `se/log {"type": "browser"}` (the console
/// entries since the last call). fantoccini has no commands for these; this is its documented
/// extension point.
#[derive(Debug)]
struct SessionPost {
    path: &'static str,
    body: Value,
}

impl WebDriverCompatibleCommand for SessionPost {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/{}",
            session_id.unwrap_or_default(),
            self.path
        ))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.to_string()))
    }
}

/// The CSS selector of a `data-testid`.
pub fn testid_css(testid: &str) -> String {
    format!("[data-testid=\"{testid}\"]")
}

/// A money text shown by the page as a number: its digits, with its sign (`€1,234,567` /
/// `1.234.567 €` → 1234567, `-€15,499` → −15499); whole units, as the page rounds them.
pub fn money(text: &str) -> f64 {
    let neg = text.contains('-') || text.contains('−');
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    let v = digits.parse::<f64>().unwrap_or(f64::NAN);
    if neg { -v } else { v }
}

/// The numbers in a JSON array (others skipped).
pub fn numbers(v: &Value) -> Vec<f64> {
    v.as_array()
        .map(|a| a.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default()
}

/// The strings in a JSON array (others skipped).
pub fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}
