//! The page's few contacts with the browser beyond the DOM: the URL fragment, downloads, the
//! clipboard, reading a dropped or picked file, printing. Nothing here sends data anywhere.

#[cfg(target_arch = "wasm32")]
mod imp {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};

    fn window() -> Option<web_sys::Window> {
        web_sys::window()
    }

    /// Calls `f(true)` when `el` comes within `margin` (CSS, as `"25% 0px"`) of the window and
    /// `f(false)` when it leaves, for as long as the page lives (the observer and its callback
    /// are kept, not dropped). Without the observer (a very old browser) it never calls `f`.
    pub fn watch_in_view(el: &web_sys::Element, margin: &str, mut f: impl FnMut(bool) + 'static) {
        let seen = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
            // The last entry is the element's state now (several come when it crossed twice
            // before the callback ran).
            if let Some(e) = entries
                .iter()
                .last()
                .and_then(|e| e.dyn_into::<web_sys::IntersectionObserverEntry>().ok())
            {
                f(e.is_intersecting());
            }
        });
        let init = web_sys::IntersectionObserverInit::new();
        init.set_root_margin(margin);
        if let Ok(observer) =
            web_sys::IntersectionObserver::new_with_options(seen.as_ref().unchecked_ref(), &init)
        {
            observer.observe(el);
            // The observer lives as long as the page.
            std::mem::forget(observer);
        }
        seen.forget();
    }

    /// The URL fragment without `#`.
    pub fn fragment() -> String {
        window()
            .and_then(|w| w.location().hash().ok())
            .map(|h| h.trim_start_matches('#').to_owned())
            .unwrap_or_default()
    }

    /// Replaces the fragment without adding a history entry (one per slider step would flood
    /// the back button).
    pub fn set_fragment(fragment: &str) {
        let Some(w) = window() else { return };
        let Ok(history) = w.history() else { return };
        let base = w
            .location()
            .href()
            .ok()
            .map(|h| h.split('#').next().unwrap_or_default().to_owned())
            .unwrap_or_default();
        let url = if fragment.is_empty() {
            base
        } else {
            format!("{base}#{fragment}")
        };
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }

    /// Sets `name=value` in the page's query (replacing an earlier value of `name`, keeping the
    /// other parameters and the fragment), without a history entry or a reload.
    pub fn set_query_param(name: &str, value: &str) {
        let Some(w) = window() else { return };
        let Ok(history) = w.history() else { return };
        let location = w.location();
        let (Ok(search), Ok(path), Ok(hash)) =
            (location.search(), location.pathname(), location.hash())
        else {
            return;
        };
        let query = crate::io::with_param(&search, name, value);
        if query == search {
            return;
        }
        let url = format!("{path}{query}{hash}");
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }

    /// The visible text of the label of the input `id` (to name a field in a message); `None`
    /// when the page has no such label.
    pub fn label_text(id: &str) -> Option<String> {
        let doc = window()?.document()?;
        let label = doc.query_selector(&format!("label[for=\"{id}\"]")).ok()??;
        let text = label.text_content()?;
        let text = text.trim();
        (!text.is_empty()).then(|| text.to_owned())
    }

    /// Whether this load is the reload after a failure of the module (the guard script in
    /// `index.html` leaves `gpu-tco-reloaded` in the session storage); clears the mark.
    pub fn take_reloaded_mark() -> bool {
        let Some(storage) = window().and_then(|w| w.session_storage().ok().flatten()) else {
            return false;
        };
        let marked = storage
            .get_item("gpu-tco-reloaded")
            .ok()
            .flatten()
            .is_some();
        if marked {
            let _ = storage.remove_item("gpu-tco-reloaded");
        }
        marked
    }

    /// Where the host page takes offer requests: the page's `offer=` parameter (percent-decoded)
    /// or the content of its `<meta name="gpu-tco-offer">`; `None` without either.
    pub fn offer_setting() -> Option<String> {
        let w = window()?;
        let from_query = w.location().search().ok().and_then(|search| {
            search.trim_start_matches('?').split('&').find_map(|kv| {
                let (k, v) = kv.split_once('=')?;
                (k == "offer").then(|| {
                    js_sys::decode_uri_component(v)
                        .ok()
                        .and_then(|s| s.as_string())
                })?
            })
        });
        from_query.or_else(|| {
            w.document()?
                .query_selector("meta[name=\"gpu-tco-offer\"]")
                .ok()??
                .get_attribute("content")
        })
    }

    /// Hands an offer request to the host page: a `gpu-tco:offer` event on this window with
    /// `{link, summary}` as its detail, and, inside a frame, the same as a message to the
    /// parent page. Called only when the visitor presses the button.
    pub fn offer_event(link: &str, summary: &str) {
        let Some(w) = window() else { return };
        let detail = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&detail, &"type".into(), &"gpu-tco:offer".into());
        let _ = js_sys::Reflect::set(&detail, &"link".into(), &link.into());
        let _ = js_sys::Reflect::set(&detail, &"summary".into(), &summary.into());
        let init = web_sys::CustomEventInit::new();
        init.set_detail(&detail);
        if let Ok(event) = web_sys::CustomEvent::new_with_event_init_dict("gpu-tco:offer", &init) {
            let _ = w.dispatch_event(&event);
        }
        if let Ok(Some(parent)) = w.parent()
            && !js_sys::Object::is(&parent, &w)
        {
            let _ = parent.post_message(&detail, "*");
        }
    }

    /// `text` percent-encoded for a URL's query (`encodeURIComponent`).
    pub fn encode(text: &str) -> String {
        js_sys::encode_uri_component(text).into()
    }

    /// Opens `url` (a `mailto:` link) as a link the visitor followed.
    pub fn open(url: &str) {
        if let Some(w) = window() {
            let _ = w.location().set_href(url);
        }
    }

    /// The page's full address (for "copy link").
    pub fn href() -> String {
        window()
            .and_then(|w| w.location().href().ok())
            .unwrap_or_default()
    }

    /// Offers `text` as a file download named `name` (Blob + object URL, nothing uploaded).
    pub fn download(name: &str, mime: &str, text: &str) {
        let Some(document) = window().and_then(|w| w.document()) else {
            return;
        };
        let parts = js_sys::Array::of1(&JsValue::from_str(text));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type(mime);
        let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
            return;
        };
        let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
            return;
        };
        if let Ok(a) = document
            .create_element("a")
            .map(|e| e.unchecked_into::<web_sys::HtmlAnchorElement>())
        {
            a.set_href(&url);
            a.set_download(name);
            a.click();
        }
        let _ = web_sys::Url::revoke_object_url(&url);
    }

    /// Copies `text` to the clipboard (the async Clipboard API, called through JS reflection).
    pub fn copy(text: &str) -> bool {
        let Some(w) = window() else { return false };
        let clipboard = js_sys::Reflect::get(&w.navigator(), &"clipboard".into()).ok();
        let write = clipboard
            .as_ref()
            .and_then(|c| js_sys::Reflect::get(c, &"writeText".into()).ok())
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        match (clipboard, write) {
            (Some(c), Some(f)) => f.call1(&c, &JsValue::from_str(text)).is_ok(),
            _ => false,
        }
    }

    /// Reads a file as text and hands it to `done` (or `None` if it cannot be read).
    pub fn read_file(file: web_sys::File, done: impl FnOnce(Option<String>) + 'static) {
        let Ok(reader) = web_sys::FileReader::new() else {
            done(None);
            return;
        };
        let done = std::cell::RefCell::new(Some(done));
        let r = reader.clone();
        let onload = Closure::<dyn FnMut()>::new(move || {
            let text = r.result().ok().and_then(|v| v.as_string());
            if let Some(done) = done.borrow_mut().take() {
                done(text);
            }
        });
        reader.set_onloadend(Some(onload.as_ref().unchecked_ref()));
        onload.forget();
        let _ = reader.read_as_text(&file);
    }

    /// The bytes `start..end` of a file, read without blocking the page (`None` if the browser
    /// cannot read it).
    pub async fn read_slice(file: &web_sys::File, start: f64, end: f64) -> Option<Vec<u8>> {
        let blob = file.slice_with_f64_and_f64(start, end).ok()?;
        let buf = wasm_bindgen_futures::JsFuture::from(blob.array_buffer())
            .await
            .ok()?;
        Some(js_sys::Uint8Array::new(&buf).to_vec())
    }

    /// Lets the browser handle input and paint before the next piece of work.
    pub async fn yield_now() {
        let Some(w) = window() else { return };
        let p = js_sys::Promise::new(&mut |resolve, _| {
            let _ = w.set_timeout_with_callback(&resolve);
        });
        let _ = wasm_bindgen_futures::JsFuture::from(p).await;
    }

    /// Milliseconds since 1970 (for the import's own timing, shown to the user).
    pub fn now_ms() -> f64 {
        js_sys::Date::now()
    }

    /// This browser's offset from UTC now, minutes east.
    pub fn utc_offset_minutes() -> i32 {
        -(js_sys::Date::new_0().get_timezone_offset() as i32)
    }

    /// Opens the browser's print dialog.
    pub fn print() {
        if let Some(w) = window() {
            let _ = w.print();
        }
    }

    /// Today's date, long form, in `tag`'s locale (for the printed report).
    pub fn today_text(tag: &str) -> String {
        let o = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&o, &"dateStyle".into(), &"long".into());
        js_sys::Intl::DateTimeFormat::new(&js_sys::Array::of1(&tag.into()), &o)
            .format()
            .call1(&JsValue::NULL, &js_sys::Date::new_0())
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_default()
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    //! Natively the page does not run; these keep the crate's pure parts testable.
    pub fn fragment() -> String {
        String::new()
    }
    pub fn set_query_param(_: &str, _: &str) {}
    pub fn watch_in_view(_: &web_sys::Element, _: &str, _: impl FnMut(bool) + 'static) {}
    pub fn set_fragment(_: &str) {}
    pub fn label_text(_: &str) -> Option<String> {
        None
    }
    pub fn href() -> String {
        String::new()
    }
    pub fn offer_setting() -> Option<String> {
        None
    }
    pub fn offer_event(_: &str, _: &str) {}
    pub fn encode(text: &str) -> String {
        text.to_owned()
    }
    pub fn open(_: &str) {}
    pub fn take_reloaded_mark() -> bool {
        false
    }
    pub fn download(_: &str, _: &str, _: &str) {}
    pub fn copy(_: &str) -> bool {
        false
    }
    pub fn print() {}
    pub fn today_text(_: &str) -> String {
        String::new()
    }
    pub async fn read_slice(_: &web_sys::File, _: f64, _: f64) -> Option<Vec<u8>> {
        None
    }
    pub async fn yield_now() {}
    pub fn now_ms() -> f64 {
        0.0
    }
    pub fn utc_offset_minutes() -> i32 {
        0
    }
}

pub use imp::*;

/// A query (`?a=1&lang=en`, or empty) with `name=value` in place of an earlier value of `name`,
/// or added at the end.
pub fn with_param(search: &str, name: &str, value: &str) -> String {
    let mut pairs: Vec<String> = search
        .trim_start_matches('?')
        .split('&')
        .filter(|kv| !kv.is_empty())
        .map(str::to_owned)
        .collect();
    let new = format!("{name}={value}");
    match pairs
        .iter_mut()
        .find(|kv| kv.split('=').next() == Some(name))
    {
        Some(kv) => *kv = new,
        None => pairs.push(new),
    }
    format!("?{}", pairs.join("&"))
}

#[cfg(test)]
mod tests {
    use super::with_param;

    #[test]
    fn a_query_parameter_is_replaced_or_added() {
        assert_eq!(with_param("", "lang", "de"), "?lang=de");
        assert_eq!(
            with_param("?lang=en&load=1", "lang", "de"),
            "?lang=de&load=1"
        );
        assert_eq!(
            with_param("?view=embed", "lang", "en"),
            "?view=embed&lang=en"
        );
        assert_eq!(
            with_param("?language=x", "lang", "de"),
            "?language=x&lang=de"
        );
    }
}
