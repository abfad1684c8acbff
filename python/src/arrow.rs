//! Reading an Arrow stream through the Arrow C stream interface (the PyCapsule
//! `arrow_array_stream` that pyarrow, polars and DuckDB hand out from
//! `__arrow_c_stream__`): the structs of the C data interface, laid out as its
//! specification fixes them, and a reader that gives the engine each row's fields straight
//! from Arrow's buffers ([`doko::deal::archive::Columns`]). What the fields mean is the
//! engine's: this module only finds the bytes.
//!
//! Every `unsafe` here reads memory the producer handed over under the interface's
//! contract: buffers of the lengths the array's type, length and offset imply.

use doko::deal::archive::ColumnsError;
use std::ffi::{CStr, c_char, c_int, c_void};
use std::io::Write;

/// `struct ArrowSchema` of the C data interface.
#[repr(C)]
struct Schema {
    format: *const c_char,
    name: *const c_char,
    metadata: *const c_char,
    flags: i64,
    n_children: i64,
    children: *mut *mut Schema,
    dictionary: *mut Schema,
    release: Option<unsafe extern "C" fn(*mut Schema)>,
    private_data: *mut c_void,
}

/// `struct ArrowArray` of the C data interface.
#[repr(C)]
struct Array {
    length: i64,
    null_count: i64,
    offset: i64,
    n_buffers: i64,
    n_children: i64,
    buffers: *mut *const c_void,
    children: *mut *mut Array,
    dictionary: *mut Array,
    release: Option<unsafe extern "C" fn(*mut Array)>,
    private_data: *mut c_void,
}

/// `struct ArrowArrayStream` of the C stream interface.
#[repr(C)]
pub struct RawStream {
    get_schema: Option<unsafe extern "C" fn(*mut RawStream, *mut Schema) -> c_int>,
    get_next: Option<unsafe extern "C" fn(*mut RawStream, *mut Array) -> c_int>,
    get_last_error: Option<unsafe extern "C" fn(*mut RawStream) -> *const c_char>,
    release: Option<unsafe extern "C" fn(*mut RawStream)>,
    private_data: *mut c_void,
}

impl Schema {
    fn empty() -> Schema {
        Schema {
            format: std::ptr::null(),
            name: std::ptr::null(),
            metadata: std::ptr::null(),
            flags: 0,
            n_children: 0,
            children: std::ptr::null_mut(),
            dictionary: std::ptr::null_mut(),
            release: None,
            private_data: std::ptr::null_mut(),
        }
    }
}

impl Array {
    fn empty() -> Array {
        Array {
            length: 0,
            null_count: 0,
            offset: 0,
            n_buffers: 0,
            n_children: 0,
            buffers: std::ptr::null_mut(),
            children: std::ptr::null_mut(),
            dictionary: std::ptr::null_mut(),
            release: None,
            private_data: std::ptr::null_mut(),
        }
    }

    /// Buffer `i` (null where the array has none there).
    fn buffer(&self, i: usize) -> *const u8 {
        if self.buffers.is_null() || i as i64 >= self.n_buffers {
            return std::ptr::null();
        }
        // SAFETY: `buffers` holds `n_buffers` pointers.
        unsafe { (*self.buffers.add(i)).cast::<u8>() }
    }

    /// Child `i`.
    fn child(&self, i: usize) -> Option<&Array> {
        if self.children.is_null() || i as i64 >= self.n_children {
            return None;
        }
        // SAFETY: `children` holds `n_children` valid arrays, alive as long as this one.
        unsafe { (*self.children.add(i)).as_ref() }
    }

    /// Does element `at` (the array's offset counted in) have a value?
    fn valid(&self, at: usize) -> bool {
        let bits = self.buffer(0);
        if bits.is_null() || self.null_count == 0 {
            return true;
        }
        // SAFETY: a validity buffer has a bit for every element, offset included.
        unsafe { *bits.add(at / 8) & (1 << (at % 8)) != 0 }
    }
}

/// What a column's values are, from its schema's format.
#[derive(Debug, Clone)]
enum Kind {
    Null,
    Bool,
    /// A whole number of `bytes` bytes.
    Int {
        bytes: usize,
        signed: bool,
    },
    /// Text or bytes with 32-bit (`large`: 64-bit) offsets.
    Text {
        large: bool,
    },
    /// Text or bytes in views (`utf8_view`, `binary_view`).
    View,
    /// Dictionary-encoded: the indices' kind, the values' kind.
    Dict(Box<Kind>, Box<Kind>),
    /// A list (`large`: 64-bit offsets) of values of a kind.
    List {
        large: bool,
        item: Box<Kind>,
    },
}

/// The kind of a column from its schema, or why the engine cannot read it.
fn kind_of(schema: &Schema) -> Result<Kind, String> {
    if schema.format.is_null() {
        return Err("a column without a format".into());
    }
    // SAFETY: `format` is a NUL-terminated string.
    let format = unsafe { CStr::from_ptr(schema.format) }
        .to_string_lossy()
        .into_owned();
    let plain = match format.as_str() {
        "n" => Kind::Null,
        "b" => Kind::Bool,
        "c" | "C" | "s" | "S" | "i" | "I" | "l" | "L" => {
            let bytes = match format.to_ascii_lowercase().as_str() {
                "c" => 1,
                "s" => 2,
                "i" => 4,
                _ => 8,
            };
            Kind::Int {
                bytes,
                signed: format.chars().all(|c| c.is_ascii_lowercase()),
            }
        }
        "u" | "z" => Kind::Text { large: false },
        "U" | "Z" => Kind::Text { large: true },
        "vu" | "vz" => Kind::View,
        "+l" | "+L" => {
            let item = child_schema(schema, 0).ok_or("a list without its item type")?;
            Kind::List {
                large: format == "+L",
                item: Box::new(kind_of(item)?),
            }
        }
        other => {
            let name = type_name(other);
            return Err(format!(
                "Arrow type `{name}` (text, whole numbers, booleans, dictionaries and lists of text are read)"
            ));
        }
    };
    // SAFETY: `dictionary` is null or a valid schema.
    match unsafe { schema.dictionary.as_ref() } {
        Some(values) => match plain {
            Kind::Int { .. } => Ok(Kind::Dict(Box::new(plain), Box::new(kind_of(values)?))),
            _ => Err("a dictionary whose indices are not whole numbers".into()),
        },
        None => Ok(plain),
    }
}

/// An Arrow type the engine does not read, by the name pyarrow gives it
/// (`timestamp[s, tz=UTC]`, `double`, `decimal128(10, 2)`), from its format string in the
/// C data interface (the types it reads never come here).
fn type_name(format: &str) -> String {
    let unit = |u: Option<char>| match u {
        Some('s') => "s",
        Some('m') => "ms",
        Some('u') => "us",
        Some('n') => "ns",
        Some('D') => "day",
        _ => "?",
    };
    let mut chars = format.chars();
    let (a, b, c) = (chars.next(), chars.next(), chars.next());
    let after_colon = format.split_once(':').map(|(_, rest)| rest);
    let named = match (a, b) {
        (Some('e'), None) => "halffloat",
        (Some('f'), None) => "float",
        (Some('g'), None) => "double",
        (Some('+'), Some('s')) => "struct",
        (Some('+'), Some('m')) => "map",
        (Some('+'), Some('r')) => "run_end_encoded",
        (Some('+'), Some('v')) => "list_view",
        (Some('+'), Some('u')) => "union",
        (Some('+'), Some('w')) => {
            return format!("fixed_size_list[{}]", after_colon.unwrap_or("?"));
        }
        (Some('w'), Some(':')) => {
            return format!("fixed_size_binary[{}]", after_colon.unwrap_or("?"));
        }
        (Some('d'), Some(':')) => {
            let parts: Vec<&str> = after_colon.unwrap_or("").split(',').collect();
            let bits = parts.get(2).copied().unwrap_or("128");
            let precision = parts.first().copied().unwrap_or("?");
            let scale = parts.get(1).copied().unwrap_or("?");
            return format!("decimal{bits}({precision}, {scale})");
        }
        (Some('t'), Some('s')) => {
            let zone = after_colon.filter(|z| !z.is_empty());
            return match zone {
                Some(z) => format!("timestamp[{}, tz={z}]", unit(c)),
                None => format!("timestamp[{}]", unit(c)),
            };
        }
        (Some('t'), Some('d')) => {
            return format!("date{}[{}]", if c == Some('D') { 32 } else { 64 }, unit(c));
        }
        (Some('t'), Some('t')) => {
            let bits = if matches!(c, Some('s' | 'm')) { 32 } else { 64 };
            return format!("time{bits}[{}]", unit(c));
        }
        (Some('t'), Some('D')) => return format!("duration[{}]", unit(c)),
        (Some('t'), Some('i')) => "interval",
        _ => format,
    };
    named.to_string()
}

fn child_schema(schema: &Schema, i: usize) -> Option<&Schema> {
    if schema.children.is_null() || i as i64 >= schema.n_children {
        return None;
    }
    // SAFETY: `children` holds `n_children` valid schemas.
    unsafe { (*schema.children.add(i)).as_ref() }
}

/// A whole number of `bytes` bytes at element `at` of `data`.
fn int_at(data: *const u8, bytes: usize, signed: bool, at: usize) -> i128 {
    // SAFETY: the values buffer holds an element of `bytes` bytes for every element.
    unsafe {
        let p = data.add(at * bytes);
        match (bytes, signed) {
            (1, true) => i128::from(p.cast::<i8>().read_unaligned()),
            (1, false) => i128::from(p.read_unaligned()),
            (2, true) => i128::from(p.cast::<i16>().read_unaligned()),
            (2, false) => i128::from(p.cast::<u16>().read_unaligned()),
            (4, true) => i128::from(p.cast::<i32>().read_unaligned()),
            (4, false) => i128::from(p.cast::<u32>().read_unaligned()),
            (_, true) => i128::from(p.cast::<i64>().read_unaligned()),
            (_, false) => i128::from(p.cast::<u64>().read_unaligned()),
        }
    }
}

/// An offset of a text or list column at element `at`.
fn offset_at(offsets: *const u8, large: bool, at: usize) -> usize {
    let v = int_at(offsets, if large { 8 } else { 4 }, true, at);
    usize::try_from(v).unwrap_or(0)
}

/// Appends element `i` of `array` (of `kind`; its own offset is added here) to `out`: a
/// text as it is, a number in decimals, a boolean as `true` (false: nothing), a list's items
/// separated by `sep`; nothing where it has no value. A list item is one value: a list
/// of lists, or an item holding `sep` (which would split it), is refused.
fn append(kind: &Kind, array: &Array, i: usize, sep: u8, out: &mut Vec<u8>) -> Result<(), String> {
    let at = i + usize::try_from(array.offset).unwrap_or(0);
    if !array.valid(at) {
        return Ok(());
    }
    match kind {
        Kind::Null => {}
        Kind::Bool => {
            let bits = array.buffer(1);
            // SAFETY: a boolean array's values are a bit each.
            let v = !bits.is_null() && unsafe { *bits.add(at / 8) & (1 << (at % 8)) != 0 };
            // False as no value: `compulsory` reads it as no, `session` as no session
            // beginning.
            if v {
                out.extend_from_slice(b"true");
            }
        }
        Kind::Int { bytes, signed } => {
            let v = int_at(array.buffer(1), *bytes, *signed, at);
            let _ = write!(out, "{v}");
        }
        Kind::Text { large } => {
            let offsets = array.buffer(1);
            let (a, b) = (
                offset_at(offsets, *large, at),
                offset_at(offsets, *large, at + 1),
            );
            if b > a {
                // SAFETY: the data buffer holds the bytes the offsets point to.
                out.extend_from_slice(unsafe {
                    std::slice::from_raw_parts(array.buffer(2).add(a), b - a)
                });
            }
        }
        Kind::View => {
            // SAFETY: a view is 16 bytes: its length, then the bytes themselves (at most 12),
            // or a prefix, the data buffer's number and the offset in it.
            unsafe {
                let view = array.buffer(1).add(at * 16);
                let len = usize::try_from(view.cast::<i32>().read_unaligned()).unwrap_or(0);
                if len <= 12 {
                    out.extend_from_slice(std::slice::from_raw_parts(view.add(4), len));
                } else {
                    let buffer =
                        usize::try_from(view.add(8).cast::<i32>().read_unaligned()).unwrap_or(0);
                    let offset =
                        usize::try_from(view.add(12).cast::<i32>().read_unaligned()).unwrap_or(0);
                    let data = array.buffer(2 + buffer);
                    if !data.is_null() {
                        out.extend_from_slice(std::slice::from_raw_parts(data.add(offset), len));
                    }
                }
            }
        }
        Kind::Dict(index, values) => {
            let Kind::Int { bytes, signed } = **index else {
                return Ok(());
            };
            let key = int_at(array.buffer(1), bytes, signed, at);
            // SAFETY: a dictionary array's `dictionary` holds the values.
            if let (Ok(key), Some(dict)) =
                (usize::try_from(key), unsafe { array.dictionary.as_ref() })
            {
                append(values, dict, key, sep, out)?;
            }
        }
        Kind::List { large, item } => {
            let offsets = array.buffer(1);
            let (a, b) = (
                offset_at(offsets, *large, at),
                offset_at(offsets, *large, at + 1),
            );
            if matches!(**item, Kind::List { .. }) && b > a {
                return Err("a list of lists: a list item is one value".into());
            }
            if let Some(items) = array.child(0) {
                for j in a..b {
                    if j > a {
                        out.push(sep);
                    }
                    let item_at = j + usize::try_from(items.offset).unwrap_or(0);
                    if !items.valid(item_at) {
                        return Err(format!(
                            "item {} of the list is null: a list item is one value",
                            j - a + 1
                        ));
                    }
                    let from = out.len();
                    append(item, items, j, sep, out)?;
                    if out[from..].contains(&sep) {
                        let value = String::from_utf8_lossy(&out[from..]).into_owned();
                        let sep = char::from(sep);
                        return Err(format!(
                            "the list item {value:?} holds `{sep}`, which separates the items: a list item is one value"
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}

/// An Arrow stream taken from its capsule: released when dropped.
struct Stream(RawStream);

impl Drop for Stream {
    fn drop(&mut self) {
        if let Some(release) = self.0.release {
            // SAFETY: the stream is ours, released once.
            unsafe { release(&raw mut self.0) };
        }
    }
}

/// One batch of the stream: released when dropped.
struct Batch(Array);

impl Drop for Batch {
    fn drop(&mut self) {
        if let Some(release) = self.0.release {
            // SAFETY: the array is ours, released once.
            unsafe { release(&raw mut self.0) };
        }
    }
}

/// An Arrow stream's rows, field by field, for the engine.
pub struct Reader {
    stream: Stream,
    /// The columns' names (for errors).
    names: Vec<String>,
    /// Rows read so far.
    rows: usize,
    /// Each column's kind and the separator of its list items.
    kinds: Vec<(Kind, u8)>,
    batch: Option<Batch>,
    /// The next row of the batch.
    row: usize,
}

// SAFETY: the stream and its arrays are plain memory and callbacks that the interface lets
// any one thread call at a time; the reader is used by one thread at a time.
unsafe impl Send for Reader {}

impl Stream {
    /// The stream's last error, or what `code` says.
    fn error(&mut self, code: c_int) -> String {
        let text = self.0.get_last_error.and_then(|f| {
            // SAFETY: the stream is alive; the text lives until its next call.
            let p = unsafe { f(&raw mut self.0) };
            // SAFETY: a non-null error is a NUL-terminated string.
            (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
        });
        text.unwrap_or_else(|| format!("the Arrow stream failed (error {code})"))
    }
}

/// The separator of a column's list items: as the CSV archive writes them.
fn separator(column: &str) -> u8 {
    match column.trim().to_ascii_lowercase().as_str() {
        "players" => b' ',
        "tricks" => b'|',
        _ => b';',
    }
}

impl Reader {
    /// Takes the stream of `capsule`'s pointer (the capsule keeps an empty one): its
    /// column names and a reader of its rows.
    ///
    /// # Safety
    /// `raw` points to a live `ArrowArrayStream` that nobody else will use.
    pub unsafe fn take(raw: *mut RawStream) -> Result<(Vec<String>, Reader), String> {
        // SAFETY: the caller's promise; the capsule keeps a released (empty) stream.
        let mut stream = Stream(unsafe { std::ptr::read(raw) });
        unsafe { (*raw).release = None };
        if stream.0.release.is_none() {
            return Err("the Arrow stream was released already".into());
        }
        let get_schema = stream
            .0
            .get_schema
            .ok_or("an Arrow stream without get_schema")?;
        let mut schema = Schema::empty();
        // SAFETY: the stream is alive; it fills `schema`, which we release.
        let code = unsafe { get_schema(&raw mut stream.0, &raw mut schema) };
        if code != 0 {
            return Err(stream.error(code));
        }
        let read = (|| {
            // SAFETY: a top-level format is a NUL-terminated string.
            let format = (!schema.format.is_null()).then(|| {
                unsafe { CStr::from_ptr(schema.format) }
                    .to_string_lossy()
                    .into_owned()
            });
            if format.as_deref() != Some("+s") {
                return Err("the Arrow stream's rows are not records of columns".to_string());
            }
            let mut names = Vec::new();
            let mut kinds = Vec::new();
            for i in 0..usize::try_from(schema.n_children).unwrap_or(0) {
                let child = child_schema(&schema, i).ok_or("a column without a schema")?;
                let name = if child.name.is_null() {
                    String::new()
                } else {
                    // SAFETY: a name is a NUL-terminated string.
                    unsafe { CStr::from_ptr(child.name) }
                        .to_string_lossy()
                        .into_owned()
                };
                let kind = kind_of(child).map_err(|why| format!("column `{name}`: {why}"))?;
                kinds.push((kind, separator(&name)));
                names.push(name);
            }
            Ok((names, kinds))
        })();
        if let Some(release) = schema.release {
            // SAFETY: the schema is ours, released once.
            unsafe { release(&raw mut schema) };
        }
        let (names, kinds) = read?;
        Ok((
            names.clone(),
            Reader {
                stream,
                names,
                rows: 0,
                kinds,
                batch: None,
                row: 0,
            },
        ))
    }

    /// The batch holding the next row: the current one, or the next non-empty one from
    /// the stream. None at the end.
    fn current(&mut self) -> Result<Option<&Batch>, String> {
        loop {
            if let Some(b) = &self.batch
                && (self.row as i64) < b.0.length
            {
                break;
            }
            self.batch = None;
            let get_next = self
                .stream
                .0
                .get_next
                .ok_or("an Arrow stream without get_next")?;
            let mut array = Array::empty();
            // SAFETY: the stream is alive; it fills `array`, which `Batch` releases.
            let code = unsafe { get_next(&raw mut self.stream.0, &raw mut array) };
            if code != 0 {
                return Err(self.stream.error(code));
            }
            if array.release.is_none() {
                return Ok(None);
            }
            let batch = Batch(array);
            if batch.0.n_children != self.kinds.len() as i64 {
                return Err(format!(
                    "a batch of {} columns in a stream of {}",
                    batch.0.n_children,
                    self.kinds.len()
                ));
            }
            self.batch = Some(batch);
            self.row = 0;
        }
        Ok(self.batch.as_ref())
    }
}

impl doko::deal::archive::Columns for Reader {
    fn next_row(
        &mut self,
        text: &mut Vec<u8>,
        ends: &mut Vec<usize>,
    ) -> Result<bool, ColumnsError> {
        if self.current().map_err(ColumnsError::source)?.is_none() {
            return Ok(false);
        }
        let row = self.row;
        let batch = &self
            .batch
            .as_ref()
            .ok_or_else(|| ColumnsError::source("no batch"))?
            .0;
        let at = row + usize::try_from(batch.offset).unwrap_or(0);
        self.rows += 1;
        for (c, (kind, sep)) in self.kinds.iter().enumerate() {
            if let Some(column) = batch.child(c) {
                let name = self.names.get(c).map_or("", String::as_str);
                let at_fault = |why: String| ColumnsError {
                    column: Some(name.to_string()),
                    row: Some(self.rows),
                    why,
                };
                let absent = !column.valid(at + usize::try_from(column.offset).unwrap_or(0));
                if absent
                    && doko::deal::archive::REQUIRED_COLUMNS
                        .iter()
                        .any(|r| name.trim().eq_ignore_ascii_case(r))
                {
                    return Err(at_fault("null, where every deal has a value".into()));
                }
                append(kind, column, at, *sep, text).map_err(at_fault)?;
            }
            ends.push(text.len());
        }
        self.row += 1;
        Ok(true)
    }
}
