//! The profiles shipped in `variants/`, embedded in the binary.

/// Name and TOML text of every built-in profile.
pub const BUILTIN: &[(&str, &str)] = &[
    (
        crate::variant::DEFAULT_PROFILE,
        include_str!("../../../../variants/ddv.toml"),
    ),
    (
        "ja-online",
        include_str!("../../../../variants/ja-online.toml"),
    ),
    (
        "ja-classic",
        include_str!("../../../../variants/ja-classic.toml"),
    ),
    (
        "house-bock",
        include_str!("../../../../variants/house-bock.toml"),
    ),
    (
        "house-doubling",
        include_str!("../../../../variants/house-doubling.toml"),
    ),
    (
        "house-schweinchen",
        include_str!("../../../../variants/house-schweinchen.toml"),
    ),
    (
        "house-solos",
        include_str!("../../../../variants/house-solos.toml"),
    ),
    ("ja-wiki", include_str!("../../../../variants/ja-wiki.toml")),
    (
        "kloepper",
        include_str!("../../../../variants/kloepper.toml"),
    ),
];

/// The TOML text of a built-in profile.
pub fn builtin_text(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}
