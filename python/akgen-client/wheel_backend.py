"""A PEP 517 backend that packs akgen_client/ into a pure-Python wheel with the standard library
alone, so the package installs where no package index is reachable (a training cluster's nodes)."""
import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = "akgen_client"


def _project():
    text = open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8").read()
    section = text.split("[project]", 1)[1]
    fields = dict(re.findall(r'^(\w[\w-]*)\s*=\s*"([^"]*)"', section, re.M))
    return fields["name"], fields["version"], fields.get("description", ""), fields.get("requires-python", "")


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (path, digest, len(data))


def _sources():
    for name in sorted(os.listdir(os.path.join(HERE, PACKAGE))):
        if name.endswith(".py"):
            yield "%s/%s" % (PACKAGE, name), open(os.path.join(HERE, PACKAGE, name), "rb").read()


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name, version, _, _ = _project()
    distribution = name.replace("-", "_")
    info = "%s-%s.dist-info" % (distribution, version)
    metadata = _metadata()
    wheel = b"Wheel-Version: 1.0\nGenerator: akgen wheel_backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files = list(_sources()) + [(info + "/METADATA", metadata), (info + "/WHEEL", wheel)]
    filename = "%s-%s-py3-none-any.whl" % (distribution, version)
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w", zipfile.ZIP_DEFLATED) as archive:
        record = []
        for path, data in files:
            archive.writestr(path, data)
            record.append(_record_line(path, data))
        record.append(info + "/RECORD,,")
        archive.writestr(info + "/RECORD", "\n".join(record) + "\n")
    return filename


def _metadata():
    name, version, summary, python = _project()
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\nRequires-Python: %s\n"
            % (name, version, summary, python)).encode()


def build_sdist(sdist_directory, config_settings=None):
    name, version, _, _ = _project()
    base = "%s-%s" % (name.replace("-", "_"), version)
    filename = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz") as archive:
        for path in ["pyproject.toml", "wheel_backend.py"] + [path for path, _ in _sources()]:
            archive.add(os.path.join(HERE, path), arcname="%s/%s" % (base, path))
        info = tarfile.TarInfo("%s/PKG-INFO" % base)
        metadata = _metadata()
        info.size = len(metadata)
        archive.addfile(info, io.BytesIO(metadata))
    return filename
