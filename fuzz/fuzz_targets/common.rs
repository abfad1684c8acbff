// Shared by the fuzz targets: one profile of each kind, loaded once.
use std::sync::OnceLock;

use doko::variant::Profile;

pub fn profiles() -> &'static [Profile] {
    static P: OnceLock<Vec<Profile>> = OnceLock::new();
    P.get_or_init(|| {
        ["ddv", "ja-classic", "house-schweinchen"]
            .iter()
            .map(|n| Profile::load(n, &[]).unwrap())
            .collect()
    })
}
